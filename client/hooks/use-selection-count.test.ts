import { describe, expect, it } from 'vitest';
import { countSelection } from './use-selection-count';

describe('countSelection', () => {
  it.each([
    [null, 0],
    ['', 0],
    ['not json', 0],
    ['42', 0],
    ['{}', 0],
    ['{"V":[1,2],"L":[3]}', 3],
    ['{"offers":{"V":[1],"S":[7,8]},"sort":"new"}', 3],
    ['{"V":[1,1,2]}', 2],
    ['{"V":[1,"x",null,2.5]}', 1],
    ['{"V":"1,2"}', 0],
  ])('%j → %i', (stored, count) => {
    expect(countSelection(stored)).toBe(count);
  });
});
