import { Html } from './html.js';

/** Inline, so the console needs nothing but this server; colours keep a 4.5:1 contrast. */
export const CONSOLE_STYLES = new Html(`
:root { font-family: system-ui, sans-serif; color: #1a1a1a; background: #fff; }
body { margin: 0; }
.test-mode { background: #8a4b00; color: #fff; padding: .4rem 1rem; font-weight: 600; }
header { display: flex; gap: 1.5rem; align-items: baseline; padding: .5rem 1rem; border-bottom: 1px solid #ccc; }
.brand { font-weight: 700; margin: 0; } .project { margin: 0; color: #444; font-size: .9rem; }
nav { display: flex; justify-content: space-between; align-items: center; padding: 0 1rem; background: #f3f4f6; }
nav ul { display: flex; flex-wrap: wrap; gap: 1rem; list-style: none; margin: 0; padding: .5rem 0; }
nav a { color: #0b4fa8; } nav a[aria-current="page"] { font-weight: 700; color: #1a1a1a; }
.logout { display: flex; gap: .5rem; align-items: center; font-size: .9rem; }
main { padding: 1rem; max-width: 72rem; }
table { border-collapse: collapse; width: 100%; margin: 1rem 0; }
caption { text-align: left; font-weight: 600; padding: .3rem 0; }
th, td { border-bottom: 1px solid #ddd; padding: .35rem .5rem; text-align: left; vertical-align: top; font-size: .92rem; }
a { color: #0b4fa8; }
pre { background: #f6f8fa; padding: .6rem; overflow: auto; max-height: 24rem; }
form.inline { display: inline; }
label { display: block; margin: .4rem 0 .2rem; font-weight: 600; }
input, select, textarea { font: inherit; padding: .3rem; }
button { font: inherit; padding: .3rem .8rem; background: #0b4fa8; color: #fff; border: 0; border-radius: 3px; cursor: pointer; }
.error { background: #fde8e8; color: #8b0000; padding: .6rem; border-left: 4px solid #8b0000; }
.notice { background: #e7f5ea; color: #14532d; padding: .6rem; border-left: 4px solid #14532d; }
.secret { font-family: monospace; background: #fff7d6; padding: .4rem; word-break: break-all; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: 1rem; }
.card { border: 1px solid #ddd; padding: .8rem; border-radius: 4px; }
.card h2 { font-size: 1rem; margin-top: 0; }
.empty { color: #444; }
.pager { display: flex; gap: 1rem; }
.step-shot { max-width: 20rem; height: auto; border: 1px solid #ddd; }
.live-view { width: 100%; height: 32rem; border: 1px solid #ccc; }
`);
