'use strict';
// The oldest Node feltwire runs on, checked before anything else is loaded: Debian 12 and Raspberry Pi OS ship
// Node 18.19, and the code needs 20.11 (import.meta.dirname). Written in ES5 on purpose, so that any Node can parse
// this file and say what is wrong instead of failing later on syntax or a missing API.
// Keep MINIMUM equal to package.json "engines" (test/nodeCheck.test.ts checks it).
var MINIMUM = '20.11.0';

function parts(version) {
  var m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(String(version));
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/** null when `version` (process.versions.node) is supported, otherwise the message to print. */
function nodeProblem(version) {
  var have = parts(version);
  var need = parts(MINIMUM);
  if (have) {
    for (var i = 0; i < 3; i++) {
      if (have[i] > need[i]) return null;
      if (have[i] < need[i]) break;
      if (i === 2) return null;
    }
  }
  return (
    'feltwire needs Node.js ' + MINIMUM + ' or newer; this is Node.js ' + version + '.\n' +
    'Debian 12 and Raspberry Pi OS ship Node.js 18: install Node.js 20 or 22 (LTS) as the README says\n' +
    '("A supported Node.js"), then run feltwire again.'
  );
}

module.exports = { MINIMUM: MINIMUM, nodeProblem: nodeProblem };
