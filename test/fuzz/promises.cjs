// Promise helpers of the fuzz driver (test/fuzz/driver.cjs) and its worlds (worlds.cjs): waits
// that are bounded, so a promise that never settles is a finding rather than a hang.
'use strict';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves true when `promise` settled within `ms`, false otherwise; never rejects. */
function within(promise, ms) {
  let timer;
  return Promise.race([
    Promise.resolve(promise).then(
      () => true,
      () => true,
    ),
    new Promise((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

function isThenable(value) {
  try {
    return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof value.then === 'function';
  } catch {
    return false;
  }
}

module.exports = { sleep, within, isThenable };
