import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it('leaves plain text alone', () => {
    expect(csvCell('Kale')).toBe('Kale');
    expect(csvCell(12)).toBe('12');
    expect(csvCell('12.50')).toBe('12.50');
  });

  it('writes nothing for a missing value', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('Kale, Lacinato')).toBe('"Kale, Lacinato"');
    expect(csvCell('The "Best" Farm')).toBe('"The ""Best"" Farm"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell(' padded')).toBe('" padded"');
  });

  it('defuses cells that a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('toCsv', () => {
  it('writes a byte order mark, a header and CRLF-terminated rows', () => {
    expect(
      toCsv(
        ['id', 'name'],
        [
          [1, 'Kale'],
          [2, 'Taro, poi'],
        ],
      ),
    ).toBe('\uFEFFid,name\r\n1,Kale\r\n2,"Taro, poi"\r\n');
  });
});
