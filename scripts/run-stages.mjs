// `npm test`: runs the given npm scripts one after another, stops at the first that fails (with its exit code), and
// prints how long each took, so that a slow stage is named in every run's log (CI's included).
import { spawnSync } from 'node:child_process';

const stages = process.argv.slice(2);
const times = [];
let failed = null;
for (const stage of stages) {
  const started = performance.now();
  const run = spawnSync('npm', ['run', '--silent', stage], { stdio: 'inherit' });
  times.push([stage, (performance.now() - started) / 1000]);
  if (run.status !== 0) {
    failed = { stage, code: run.status ?? 1 };
    break;
  }
}
console.log('\nstage times:');
for (const [stage, seconds] of times) console.log(`  ${stage.padEnd(16)} ${seconds.toFixed(0).padStart(5)} s`);
if (failed) {
  console.log(`${failed.stage} failed.`);
  process.exit(failed.code);
}
