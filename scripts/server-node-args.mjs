// The Node flags the product server runs with, wherever it is started: npm start, npm run cluster,
// the benchmarks (and the Dockerfile's CMD, which repeats them). Decision 0046.
//   --enable-source-maps       stack traces name the TypeScript sources
//   --max-semi-space-size=4    a 4 MB young generation (V8's default is 16 MB per half): about 25 MB
//                              less at idle and 60 MB less after load, at no measured cost in throughput
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=4'];
