// jest transform for our TypeScript: esbuild strips the types file by file. `npm test` type-checks
// everything with tsc before jest starts, so the transform only has to transpile — ts-jest did the
// same (isolatedModules, no diagnostics) but loads the TypeScript compiler into every jest worker
// and transpiles several times slower, which a cold cache (a fresh clone, CI) pays for every file.
// esbuild is already installed for tsx, which runs the services and the benchmarks.
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const esbuild = require('esbuild');

const SELF = readFileSync(__filename);

/** the compiler options of tsconfig.json that change the emitted JavaScript */
const TSCONFIG_RAW = { compilerOptions: { target: 'ES2022', useDefineForClassFields: true, esModuleInterop: true } };

module.exports = {
  getCacheKey(source, filename, options) {
    return createHash('sha256')
      .update(esbuild.version).update('\0')
      .update(SELF).update('\0')
      .update(filename).update('\0')
      .update(options.configString).update('\0')
      .update(source)
      .digest('hex');
  },
  process(source, filename) {
    const out = esbuild.transformSync(source, {
      loader: filename.endsWith('.tsx') ? 'tsx' : 'ts',
      format: 'cjs',
      target: 'node20',
      platform: 'node',
      sourcemap: 'external',
      sourcefile: filename,
      tsconfigRaw: TSCONFIG_RAW,
    });
    return { code: out.code, map: out.map };
  },
};
