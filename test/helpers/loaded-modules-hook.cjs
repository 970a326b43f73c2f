// Preloaded (NODE_OPTIONS=--require) into a spawned CLI: at exit it prints, on stderr, which of the
// repository's own modules the process loaded, so a test can check that a command stays lazy.
const root = process.cwd() + '/';
process.on('exit', () => {
  const ours = Object.keys(require.cache)
    .filter((f) => f.startsWith(root) && !f.includes('/node_modules/'))
    .map((f) => f.slice(root.length));
  process.stderr.write(`LOADED_MODULES ${JSON.stringify(ours)}\n`);
});
