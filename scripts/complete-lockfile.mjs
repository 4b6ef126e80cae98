#!/usr/bin/env node
/**
 * Completes package-lock.json with the platform-specific optional packages that npm leaves out when the registry it
 * resolved against does not serve them (this project's build machines use a mirror that only carries Linux
 * binaries). `npm ci` insists that every declared optional dependency has a lock entry; an entry marked optional with
 * the platform it is for is skipped on every other platform, exactly as npm does with a complete lockfile.
 *
 * Run after any `npm install` that rewrites the lockfile: `node scripts/complete-lockfile.mjs`.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;

/** os / cpu / libc of a platform package, read from its name (e.g. @biomejs/cli-win32-arm64, linux-x64-musl). */
function platformOf(name) {
  const n = name.toLowerCase();
  const os = /win32|win-/.test(n)
    ? 'win32'
    : /darwin|mac-/.test(n)
      ? 'darwin'
      : /android/.test(n)
        ? 'android'
        : /freebsd/.test(n)
          ? 'freebsd'
          : /linux/.test(n)
            ? 'linux'
            : undefined;
  const cpu = /arm64|aarch64/.test(n)
    ? 'arm64'
    : /armv7|-arm\b|armhf/.test(n)
      ? 'arm'
      : /riscv64/.test(n)
        ? 'riscv64'
        : /x64|amd64|x86_64/.test(n)
          ? 'x64'
          : /ia32|x86/.test(n)
            ? 'ia32'
            : undefined;
  const libc = /musl/.test(n) ? 'musl' : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = location === '' ? '' : `${location}/`;
    if (packages[`${base}node_modules/${dep}`] || packages[`node_modules/${dep}`]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os) {
      console.error(`complete-lockfile: cannot tell the platform of ${dep}; add it by hand`);
      process.exitCode = 1;
      continue;
    }
    packages[`node_modules/${dep}`] = {
      version: String(range).replace(/^[\^~=]/, ''),
      optional: true,
      os: [os],
      ...(cpu && { cpu: [cpu] }),
      ...(libc && { libc: [libc] }),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform entries`);
