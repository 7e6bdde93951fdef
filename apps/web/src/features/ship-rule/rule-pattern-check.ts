/**
 * What the server refuses in a `matches` pattern that JavaScript's RegExp accepts: rules run patterns on RE2, which
 * has no back-references and no look-around (docs/shipping-rules.md, "Patterns"). The editor says so on the field
 * before a save, in the server's words; the server's other refusals (a pattern too large once its repetitions are
 * written out) come back on the field from the save. RE2 itself stays out of the browser's bundle.
 */

const LOOK_AROUND = 'Look-ahead and look-behind ((?=, (?!, (?<=, (?<!) are not supported in rules';
const BACK_REFERENCE = 'Back-references (\\1, \\k<name>) are not supported in rules';
const UNICODE_ESCAPE = 'Write a character by its code as \\x{00e9}, not \\u00e9';

/** The first thing in the pattern the server's engine refuses, or null. */
export function patternProblem(pattern: string): string | null {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (/[1-9]/.test(next) || (next === 'k' && pattern[i + 2] === '<')) return BACK_REFERENCE;
      if (next === 'u') return UNICODE_ESCAPE;
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
      // A `]` first in a class is itself.
      if (pattern[i + 1] === ']') i++;
      else if (pattern[i + 1] === '^' && pattern[i + 2] === ']') i += 2;
    } else if (c === '(' && /^\(\?<?[=!]/.test(pattern.slice(i, i + 4))) {
      return LOOK_AROUND;
    }
  }
  return null;
}
