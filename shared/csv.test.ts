import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV for spreadsheets', () => {
  it('starts with a byte order mark and ends lines with CRLF', () => {
    const csv = toCsv([
      ['nom', 'ville'],
      ['Hélène', 'Cannes'],
    ]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('nom,ville\r\nHélène,Cannes\r\n');
  });

  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+33 6 12 34 56 78', "'+33 6 12 34 56 78"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\r=1', `"'\r=1"`],
  ])('neutralises a cell a spreadsheet would run: %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('quotes separators, quotes and line breaks, and leaves plain text and numbers alone', () => {
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });
});
