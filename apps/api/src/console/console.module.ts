import { Module } from '@nestjs/common';
import { GetEventTimelineHandler } from './timeline/get-event-timeline.handler.js';

/** The queries only the console asks (its pages are served by installConsole, outside Nest's routes). */
@Module({ providers: [GetEventTimelineHandler] })
export class ConsoleModule {}
