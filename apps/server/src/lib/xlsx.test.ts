import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import { assertUnzippedSize, cellText, isXlsx, readXlsxRows, XlsxError } from './xlsx';

const day = (y: number, m: number, d: number, h = 0, min = 0) => new Date(Date.UTC(y, m - 1, d, h, min));

/** A zip whose one streamed entry inflates to `size` zero bytes (a "zip bomb" when large). */
function zipOfZeros(size: number): Buffer {
  const data = deflateRawSync(Buffer.alloc(size));
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(0x08, 6); // sizes in a data descriptor
  header.writeUInt16LE(8, 8); // deflate
  header.writeUInt16LE(name.length, 26);
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(data.length, 8);
  descriptor.writeUInt32LE(size >>> 0, 12);
  const directory = Buffer.alloc(4);
  directory.writeUInt32LE(0x02014b50, 0);
  return Buffer.concat([header, name, data, descriptor, directory]);
}

describe('cellText', () => {
  it('writes cells as a French CSV export holds them', () => {
    expect(cellText(null)).toBe('');
    expect(cellText('Hélène')).toBe('Hélène');
    expect(cellText(2000)).toBe('2000');
    expect(cellText(-1234.5)).toBe('-1234,5');
    expect(cellText(0.1 + 0.2)).toBe('0,3');
    expect(cellText(33612345678)).toBe('33612345678');
    expect(cellText(true)).toBe('VRAI');
    expect(cellText(false)).toBe('FAUX');
    expect(cellText(day(2026, 1, 31))).toBe('31/01/2026');
    expect(cellText(day(2026, 7, 15, 9, 30))).toBe('15/07/2026 09:30');
    // Excel's serial dates come back a hair off: the minute is rounded.
    expect(cellText(new Date(day(2026, 7, 15, 9, 30).getTime() - 1))).toBe('15/07/2026 09:30');
  });
});

describe('readXlsxRows', () => {
  it('reads the first sheet as text rows, blank rows inside kept', async () => {
    const workbook = await writeExcelFile([
      {
        sheet: 'Prospects',
        data: [
          ['Prénom', 'Nom', 'Relance', 'Budget', 'Client'],
          ['Hélène', 'Dupré', { value: day(2026, 7, 15, 9, 30), format: 'dd/mm/yyyy hh:mm' }, 1500.5, true],
          [null, null, null, null, null],
          ['Zoé', null, { value: day(2026, 1, 5), format: 'dd/mm/yyyy' }, 2000, false],
        ],
      },
      { sheet: 'Autre', data: [['Ignorée']] },
    ]).toBuffer();
    expect(isXlsx(workbook)).toBe(true);
    expect(await readXlsxRows(workbook)).toEqual([
      ['Prénom', 'Nom', 'Relance', 'Budget', 'Client'],
      ['Hélène', 'Dupré', '15/07/2026 09:30', '1500,5', 'VRAI'],
      ['', '', '', '', ''],
      ['Zoé', '', '05/01/2026', '2000', 'FAUX'],
    ]);
  });

  it('refuses what is not a workbook, or a broken one', async () => {
    const workbook = await writeExcelFile([['Prénom'], ['Jean']]).toBuffer();
    const broken = [
      Buffer.from('Prénom;Nom\n'),
      Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(40, 7)]),
      workbook.subarray(0, workbook.length - 200),
      workbook.subarray(0, 200),
    ];
    for (const bytes of broken) await expect(readXlsxRows(bytes)).rejects.toBeInstanceOf(XlsxError);
  });

  it('stops a workbook that would unzip into too much XML, before it is read', async () => {
    const workbook = await writeExcelFile([['Notes'], ['x'.repeat(200_000)]]).toBuffer();
    expect(workbook.length).toBeLessThan(10_000);
    expect(() => assertUnzippedSize(workbook, 100_000)).toThrow(XlsxError);
    expect(() => assertUnzippedSize(workbook, 1_000_000)).not.toThrow();
    // 64 MB of zeros in a 64 KB file.
    const bomb = zipOfZeros(64 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(100_000);
    await expect(readXlsxRows(bomb)).rejects.toThrow('too large once unzipped');
    expect(() => assertUnzippedSize(zipOfZeros(1000))).not.toThrow();
  });
});
