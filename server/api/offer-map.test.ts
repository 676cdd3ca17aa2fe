import { describe, expect, it } from 'vitest';
import { mapConfigOf } from './offer-map';

describe('map configuration for the offer page', () => {
  it.each([
    [
      'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      {
        tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap contributors',
      },
    ],
    [
      'https://{s}.tiles.example.com/base/{z}/{x}/{y}@2x.png',
      {
        tileUrl: 'https://{s}.tiles.example.com/base/{z}/{x}/{y}@2x.png',
        attribution: '0.tiles.example.com',
      },
    ],
    [undefined, { tileUrl: null, attribution: '' }],
    ['', { tileUrl: null, attribution: '' }],
    ['none', { tileUrl: null, attribution: '' }],
    ['https://tiles.example.com/{z}/{x}.png', { tileUrl: null, attribution: '' }],
    ['javascript:alert(1)//{z}/{x}/{y}', { tileUrl: null, attribution: '' }],
  ])('reads %j', (template, expected) => {
    expect(mapConfigOf(template)).toEqual(expected);
  });
});
