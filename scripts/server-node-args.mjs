// The Node flags the product server runs with, wherever it is started: npm start, npm run cluster,
// the benchmarks (and the Dockerfile's CMD, which repeats them). Decisions 0046, 0057 and 0059.
//   --enable-source-maps       stack traces name the TypeScript sources
//   --max-semi-space-size=2    a 2 MB young generation per half (V8's default is 16 MB): twice the
//                              scavenges of 4 MB for a tenth more time in them, 6-8 MB less after load
//   --heap-growing-percent=20  a full collection once the old generation has grown 20 % past what the
//                              last one kept (V8 lets a small heap grow up to 4x): 20-30 MB less under
//                              load for about 1.5 % more of a core in collections (decision 0057)
//   --v8-pool-size=1           one V8 helper thread (Node's default is four): an instance is one core's
//                              work, more cores take more instances; each idle helper kept its own
//                              stack and malloc arena, 6-8 MB after load
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=2', '--heap-growing-percent=20', '--v8-pool-size=1'];
