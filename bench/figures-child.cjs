// A bench figure measured in a child process of its own (a fresh heap, or a flood that must not
// disturb the parent): the parent forks the file and gathers its log lines and figures; the
// child runs the measurement and sends them. One protocol for flood.cjs, liveness.cjs, scale.cjs.
'use strict';
const { fork } = require('node:child_process');

/** Forks `file` with `args`; resolves with the figures it sent, its log lines passed to `log`. */
function figuresFromChild(file, args, { execArgv = [], what }, log) {
  return new Promise((resolve, reject) => {
    const child = fork(file, args, { execArgv });
    let figures;
    child.on('message', (message) => {
      if (message.log !== undefined) log(message.log);
      if (message.figures !== undefined) figures = message.figures;
    });
    child.on('error', reject);
    child.on('exit', (code) => (figures ? resolve(figures) : reject(new Error(`the ${what} process exited with ${code}`))));
  });
}

/** In the child: runs `measure(log)` and sends its log lines and figures to the parent, then lets it go. */
function sendFiguresToParent(measure) {
  measure((line) => process.send({ log: line })).then(
    (figures) => process.send({ figures }, () => process.disconnect()),
    (error) => {
      console.error(error);
      process.exitCode = 1;
      process.disconnect();
    },
  );
}

module.exports = { figuresFromChild, sendFiguresToParent };
