/**
 * The page behind `embedUrl`: the run's browser as an image updated from the frames socket, and,
 * once the browser is gone, the run's recorded steps. It has no input handlers and the socket
 * carries nothing from it: watching is all it can do. Everything it shows is set as text.
 */
export const viewerPage = (runId: string, nonce: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Live view</title>
<style nonce="${nonce}">
body{margin:0;font-family:system-ui,sans-serif;background:#111;color:#eee}
header{display:flex;justify-content:space-between;padding:.4rem .8rem;font-size:.85rem;background:#222}
#screen{display:block;max-width:100%;margin:0 auto;user-select:none;pointer-events:none}
#record{padding:1rem}#record[hidden],#screen[hidden]{display:none}
ol{padding-left:1.5rem}li{margin:.4rem 0}.url,.shot{color:#9ab;font-size:.85rem;word-break:break-all}
</style>
</head>
<body>
<header><span>Run <span id="run-id"></span></span><span id="status" role="status">Connecting…</span></header>
<img id="screen" alt="The run's browser" hidden>
<section id="record" hidden><h2>Recorded steps</h2><p id="outcome"></p><ol id="steps"></ol></section>
<script nonce="${nonce}">
(() => {
  const runId = ${JSON.stringify(runId)};
  const token = new URLSearchParams(location.search).get('token') || '';
  document.getElementById('run-id').textContent = runId;
  const status = document.getElementById('status');
  const screen = document.getElementById('screen');
  const record = document.getElementById('record');
  const socketUrl = new URL(location.href);
  socketUrl.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  socketUrl.pathname = socketUrl.pathname.replace(/\\/$/, '') + '/socket';
  socketUrl.search = '?token=' + encodeURIComponent(token);
  const socket = new WebSocket(socketUrl);
  socket.binaryType = 'blob';
  let shown = null;
  const show = (blob) => {
    const next = URL.createObjectURL(blob);
    screen.onload = () => { if (shown) URL.revokeObjectURL(shown); shown = next; document.body.dataset.frames = String(Number(document.body.dataset.frames || 0) + 1); };
    screen.src = next;
    screen.hidden = false;
  };
  const item = (step) => {
    const li = document.createElement('li');
    li.className = 'step';
    const action = document.createElement('div');
    action.textContent = step.action;
    const url = document.createElement('div');
    url.className = 'url';
    url.textContent = step.url;
    li.append(action, url);
    if (step.screenshotRef) {
      const shot = document.createElement('div');
      shot.className = 'shot';
      shot.textContent = 'Screenshot: ' + step.screenshotRef;
      li.append(shot);
    }
    return li;
  };
  const showRecord = (message) => {
    screen.hidden = true;
    record.hidden = false;
    document.getElementById('steps').replaceChildren(...message.steps.map(item));
    document.getElementById('outcome').textContent = message.status
      ? 'The run ended: ' + message.status + (message.detail ? ' (' + message.detail + ')' : '') + '.'
      : 'The run\\'s browser has closed.';
    status.textContent = 'Ended';
  };
  socket.onmessage = (message) => {
    if (typeof message.data !== 'string') return show(message.data);
    const parsed = JSON.parse(message.data);
    if (parsed.type === 'live') status.textContent = 'Live';
    if (parsed.type === 'record') showRecord(parsed);
  };
  socket.onclose = () => { if (record.hidden) status.textContent = 'Disconnected'; };
})();
</script>
</body>
</html>
`;
