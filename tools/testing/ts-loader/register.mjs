// `node --conditions=@paykit/source --import <this file> <entry.ts>`: see ts-loader.mjs.
import { register } from 'node:module';

register('./ts-loader.mjs', import.meta.url);
