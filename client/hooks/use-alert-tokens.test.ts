import { describe, expect, it } from 'vitest';
import { MAX_ALERT_TOKENS, parseAlertTokens, withTokens, withoutToken } from './use-alert-tokens';

const token = (n: number) => `${String(n).padStart(3, '0')}${'a'.repeat(40)}`;

describe('parseAlertTokens', () => {
  it.each<[string | null, string[]]>([
    [null, []],
    ['', []],
    ['nope', []],
    ['{"a":1}', []],
    [JSON.stringify([token(1), token(2)]), [token(1), token(2)]],
    [JSON.stringify([token(1), token(1)]), [token(1)]],
    [JSON.stringify([token(1), 'short', 42, null, `${token(2)}=`]), [token(1)]],
  ])('%j', (raw, tokens) => {
    expect(parseAlertTokens(raw)).toEqual(tokens);
  });

  it('keeps the newest MAX_ALERT_TOKENS', () => {
    const many = Array.from({ length: MAX_ALERT_TOKENS + 5 }, (_, i) => token(i));
    const kept = parseAlertTokens(JSON.stringify(many));
    expect(kept).toHaveLength(MAX_ALERT_TOKENS);
    expect(kept[0]).toBe(token(5));
  });
});

describe('token lists', () => {
  it.each<[string, string[], (l: readonly string[]) => readonly string[], string[]]>([
    ['adds a new token last', [token(1)], (l) => withTokens(l, [token(2)]), [token(1), token(2)]],
    ['adds a known token once', [token(1)], (l) => withTokens(l, [token(1)]), [token(1)]],
    ['ignores a malformed token', [token(1)], (l) => withTokens(l, ['x']), [token(1)]],
    ['removes a token', [token(1), token(2)], (l) => withoutToken(l, token(1)), [token(2)]],
    [
      'removing an unknown token changes nothing',
      [token(1)],
      (l) => withoutToken(l, token(3)),
      [token(1)],
    ],
  ])('%s', (_name, from, change, to) => {
    expect(change(from)).toEqual(to);
  });

  it('returns the same list when nothing changes', () => {
    const list = [token(1)];
    expect(withTokens(list, [token(1)])).toBe(list);
    expect(withoutToken(list, token(9))).toBe(list);
  });
});
