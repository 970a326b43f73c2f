// jest's own order (failed first, then longest first from the timings it cached on the last run;
// files without a timing first, largest file first), except that the suites known to take
// minutes start first when jest has no timing for them: on a fresh clone, a new machine or an
// emptied cache, file size put these small files (a loop over a 177-file corpus is a few lines)
// near the end, and one worker then ran them alone for minutes after the other was done.
const Sequencer = require('@jest/test-sequencer').default;

const HEAVY = [
  /\/iso-crosswalk\.test\.ts$/,
  /\/iso-document-corpus\.test\.ts$/,
  /\.browser\.test\.ts$/,
];

class HeavyFirstSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const first = sorted.filter((t) => t.duration == null && HEAVY.some((re) => re.test(t.path)));
    return [...first, ...sorted.filter((t) => !first.includes(t))];
  }
}

module.exports = HeavyFirstSequencer;
