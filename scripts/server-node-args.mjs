// The Node flags the product server runs with, wherever it is started: npm start, npm run cluster,
// the benchmarks (and the Dockerfile's CMD, which repeats them). Decision 0046.
//   --enable-source-maps       stack traces name the TypeScript sources
//   --max-semi-space-size=4    a 4 MB young generation (V8's default is 16 MB per half): about 25 MB
//                              less at idle and 60 MB less after load, at no measured cost in throughput
//   --heap-growing-percent=20  a full collection once the old generation has grown 20 % past what the
//                              last one kept (V8 lets a small heap grow up to 4x): 20-30 MB less under
//                              load for about 1.5 % more of a core in collections (decision 0057)
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=4', '--heap-growing-percent=20'];
