/**
 * V8 flags the API is started with in a server deployment (Dockerfile, docker-compose.yml; the
 * soak and the CSW benchmark start it the same way, and a test keeps the three in step).
 *
 * Why a heap cap: without one, V8 sizes the old generation from the machine's memory and lets
 * it grow to about four times the live set. Under the soak the API's live heap stayed
 * at 100–150 MB while its heap grew to 440–540 MB and RSS to 650–750 MB. With a 384 MB cap V8
 * chooses a smaller growth factor: heap ~200 MB, RSS ~400 MB, at the same throughput (measured
 * side by side, deploy/README.md "Memori per replika API"). 384 MB leaves more than twice the
 * live set for bursts such as several 500-record harvest pages at once.
 */
export const API_NODE_FLAGS: readonly string[] = ['--max-old-space-size=384'];
