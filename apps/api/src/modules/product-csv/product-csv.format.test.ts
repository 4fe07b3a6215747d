import { describe, expect, it } from 'vitest';
import {
  decodeAttributes,
  decodeFlag,
  decodeWholeNumber,
  encodeAttributes,
  normalizeMoney,
  pictureAddress,
  splitAddresses,
} from './product-csv.format.ts';

describe('product CSV cells', () => {
  it('writes attributes as name=value pairs and reads them back, separators in the text escaped', () => {
    const attributes = [
      { key: 'Blade length', value: '10 in' },
      { key: 'a=b;c', value: 'x\\y;z=' },
      { key: 'Empty', value: '' },
    ];
    const cell = encodeAttributes(attributes);
    expect(cell).toBe('Blade length=10 in;a\\=b\\;c=x\\\\y\\;z\\=;Empty=');
    expect(decodeAttributes(cell)).toEqual({ attributes });
    expect(decodeAttributes('')).toEqual({ attributes: [] });
    expect(decodeAttributes(' Steel = 5160 ; Handle=rosewood ;')).toEqual({
      attributes: [
        { key: 'Steel', value: '5160' },
        { key: 'Handle', value: 'rosewood' },
      ],
    });
    expect(decodeAttributes('Steel=5160;rosewood')).toEqual({
      error: 'Write each attribute as name=value, separated by ";" ("rosewood" has no "=").',
    });
  });

  it('reads flags, whole numbers and money as spreadsheets save them, exactly', () => {
    expect(['true', 'TRUE', ' yes ', '1'].map(decodeFlag)).toEqual([true, true, true, true]);
    expect(['false', 'No', '0'].map(decodeFlag)).toEqual([false, false, false]);
    expect(decodeFlag('maybe')).toBeNull();
    expect(decodeWholeNumber(' 12 ')).toBe(12);
    expect(['-1', '1.5', 'x', ''].map(decodeWholeNumber)).toEqual([null, null, null, null]);
    expect(['85', '85.5', '85.50', ' 0.1 '].map(normalizeMoney)).toEqual(['85.00', '85.50', '85.50', '0.10']);
    expect(['85.001', '-5', '1e3', '8,50'].map(normalizeMoney)).toEqual(['85.001', '-5', '1e3', '8,50']);
  });

  it("tells the shop's own media from addresses elsewhere, which it never fetches", () => {
    const origins = ['https://shop.example', 'https://cdn.example'];
    expect(pictureAddress('https://shop.example/media/t1/catalog/ab.webp', origins)).toEqual({
      kind: 'own',
      key: 't1/catalog/ab.webp',
    });
    expect(pictureAddress('https://cdn.example/media/t1/catalog/ab.webp', origins)).toMatchObject({ kind: 'own' });
    expect(pictureAddress('/media/t1/catalog/ab.webp', origins)).toMatchObject({ kind: 'own' });
    for (const url of [
      'https://elsewhere.example/media/t1/catalog/ab.webp',
      'https://shop.example/images/ab.webp',
      'https://shop.example/media/a.webp?size=2',
      '//elsewhere.example/media/a.webp',
      'http://169.254.169.254/latest/meta-data',
    ]) {
      expect(pictureAddress(url, origins)).toEqual({ kind: 'elsewhere', url });
    }
    expect(pictureAddress('ftp://shop.example/media/a.webp', origins)).toEqual({ kind: 'invalid' });
    expect(pictureAddress('https://shop.example/media/%E0%A4%A', origins)).toEqual({ kind: 'invalid' });
    expect(splitAddresses(' a  b\nc ')).toEqual(['a', 'b', 'c']);
  });
});
