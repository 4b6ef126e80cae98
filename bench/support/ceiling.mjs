/**
 * The machine's own ceiling for parallel work, for `npm run bench:scale`: N worker threads each doing the same fixed
 * work (weak scaling), of two kinds: pure arithmetic, and allocation of small objects and map entries (what a
 * simulator does). Prints, per kind and N, `KIND threads=N wall_ms=W throughput_x=X`, where X is N times the first
 * count's time per thread over the wall time: the speed-up the machine gives N threads that share nothing. The same
 * measurement and output as the project's shared tools/ceiling.mjs (bench:scale prefers that file when it is there).
 * Run: node bench/support/ceiling.mjs "1 2 4"
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

if (!isMainThread) {
  const { kind, units } = workerData;
  let acc = 0;
  for (let u = 0; u < units; u++) {
    if (kind === 'arith') {
      for (let i = 0; i < 3e7; i++) acc = (acc + i * 2654435761) % 1000003;
    } else {
      const m = new Map();
      for (let i = 0; i < 3e6; i++) {
        m.set(`k${i % 5000}`, { a: i, b: [i, i + 1] });
        acc += m.size;
      }
    }
  }
  parentPort.postMessage(acc);
} else {
  const counts = (process.argv[2] || '1 4 8 15').split(' ').map(Number);
  for (const kind of ['arith', 'alloc']) {
    let base = 0;
    for (const n of counts) {
      const start = performance.now();
      await Promise.all(
        Array.from(
          { length: n },
          () =>
            new Promise((resolve) => {
              new Worker(new URL(import.meta.url), { workerData: { kind, units: 4 } }).on('message', resolve);
            }),
        ),
      );
      const wall = performance.now() - start;
      if (n === counts[0]) base = wall / counts[0];
      console.log(`${kind} threads=${n} wall_ms=${wall.toFixed(0)} throughput_x=${((base * n) / wall).toFixed(2)}`);
    }
  }
}
