// Drops optional dependencies that the lockfile names but does not hold (Biome's binaries for
// other platforms, which this project's registry does not serve), so `npm ci` accepts the lockfile.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
let dropped = 0;
for (const entry of Object.values(lock.packages ?? {})) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    if (!lock.packages[`node_modules/${name}`]) {
      delete entry.optionalDependencies[name];
      dropped++;
    }
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: dropped ${dropped} optional dependencies missing from the lockfile`);
