/**
 * The simulated chat client's parent frame of an Activity: a page with the activity in an iframe,
 * and a script that passes each message the activity posts to the host (`POST rpc`, answered by
 * parent-rpc.ts on the Node side, where the world is) and posts the answers back, in order.
 * @internal
 * @module
 */

/** The parent page; `src` is the activity frame's URL (query included), HTML-escaped by the caller. */
export function parentHtml(src: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Activity (simulated chat client)</title>
<style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%}</style></head>
<body><iframe id="activity" src="${src}" allow="autoplay"></iframe>
<script src="parent.js"></script></body>
</html>
`;
}

/** The parent script: messages from the activity frame go to the host one at a time. */
export const PARENT_SCRIPT = `'use strict';
(() => {
  const frame = document.getElementById('activity');
  let queue = Promise.resolve();
  window.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow) return;
    const target = event.origin === 'null' ? '*' : event.origin;
    queue = queue.then(async () => {
      const response = await fetch('rpc', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(event.data) });
      if (!response.ok) return;
      for (const reply of await response.json()) frame.contentWindow.postMessage(reply, target);
    }).catch(() => undefined);
  });
})();
`;

/** Escapes text for an HTML attribute. */
export function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
