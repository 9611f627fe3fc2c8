/**
 * Flags of the Node process that runs the server: `npm start` (root package.json passes the same
 * flag), `npm run demo` and the benchmarks' servers.
 *
 * `--max-semi-space-size=64`: V8's young generation of two 64 MB halves instead of 16 MB ones. A
 * list page allocates its rows, their answer and the response buffers, ten requests at a time; in
 * a 16 MB nursery much of that is still alive at each scavenge, so it is copied, promoted, and
 * collected again with the old generation. Flat out on PostgreSQL (npm run bench, 25 Nov 2026, back
 * to back): the users page 361 -> 277 µs of CPU a request, the wallet page 1,371 -> 918 µs; 32 MB
 * gave less, 128 MB nothing more. The halves grow only as they are used.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
