import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderLocalLabelZpl } from '../carriers/local/local-label-zpl.ts';
import { ZPL_PREVIEW_LIMITS, graphicDataBytes, zplPreviewProblem } from './zpl-preview-limits.ts';

/** A carrier-like 4x6 label: text in several sizes, a Code 128, a MaxiCode-sized QR, boxes, and a 2 in logo. */
function carrierLabel(): string {
  const logo = `^FO600,20^GFA,${50 * 400},${50 * 400},50,${'F0'.repeat(50 * 400)}^FS`;
  const lines = Array.from({ length: 60 }, (_, i) => `^FO20,${100 + i * 15}^A0N,24,24^FDLine ${i} of the address^FS`);
  return [
    '^XA^CI28^PW812^LL1218^LH0,0',
    '^FO20,20^A0N,140,140^FDP^FS',
    '^FO200,20^ADN,54,30^FDPRIORITY MAIL^FS',
    ...lines,
    '^FO0,1000^GB812,4,4^FS^FO0,600^GB812,400,2^FS',
    '^BY3^FO60,820^BCN,200,N,N,N^FD>;>8420631182628>89205590006662200704797^FS',
    '^FO600,900^BQN,2,4^FDMA,9205590006662200704797^FS',
    logo,
    '^XZ',
  ].join('\n');
}

describe('ZPL preview limits', () => {
  it('lets real labels through: ours, and a carrier-like one with a logo, several fonts and barcodes', () => {
    const address = {
      name: 'Jane Doe',
      company: 'Northloop Supply',
      street1: '1 Main St',
      street2: 'Suite 200',
      city: 'Portland',
      state: 'OR',
      postalCode: '97201',
      country: 'US',
      phone: '555-0100',
      email: null,
      residential: true,
    };
    const ours = renderLocalLabelZpl({
      from: address,
      to: address,
      parcel: { weightGrams: 900, lengthIn: 10, widthIn: 6, heightIn: 4, packageType: 'PACKAGE' },
      shipDate: '2026-11-25',
      reference: '#2002',
      serviceName: 'Local courier',
      trackingNumber: 'SDL0000000000000017',
    });
    expect(zplPreviewProblem(ours)).toBeNull();
    expect(zplPreviewProblem(carrierLabel())).toBeNull();
  });

  it('refuses each hostile label in words a seller can read', () => {
    const stored = `~DGR:BIG.GRF,1900000,1000,${'F0'.repeat(1_900_000)}^XA^FO0,0^XGR:BIG.GRF,1,1^FS^XZ`;
    expect(zplPreviewProblem(stored)).toBe(
      'it is 3.8 MB of ZPL (3,800,057 characters), and a preview takes labels up to 1 MB (1,000,000)',
    );
    expect(zplPreviewProblem('^XA^FO0,0^A0N,32000,32000^FDHELLO^FS^XZ')).toBe(
      'a font is 32,000 dots high or wide, and a preview draws fonts up to 300 dots',
    );
    const qrCodes = Array.from({ length: 400 }, (_, i) => `^FO${i % 20},0^BQN,2,10^FDMA,${i}^FS`).join('');
    expect(zplPreviewProblem(`^XA${qrCodes}^XZ`)).toBe('it has more than 20 barcodes, the most a preview draws');
    expect(zplPreviewProblem(`^XA${'^FO0,0^FDloop^FS'.repeat(50_000)}^XZ`)).toBe(
      'it has more than 1,000 fields, boxes and graphics, the most a preview draws',
    );
    expect(zplPreviewProblem('not a label')).toBe('it is not ZPL (it has no ^XA)');
  });

  it('reads commands as the renderer does: line breaks and tabs inside a number do not hide it', () => {
    expect(zplPreviewProblem('^XA^FO0,0^A0N,3\n20\t00,3\r\n2000^FDX^FS^XZ')).toMatch(/32,000 dots/);
    expect(zplPreviewProblem('^XA^CF0,9000^FO0,0^FDX^FS^XZ')).toMatch(/9,000 dots/);
    // ^CC and ^CT change the command characters; a preview does not follow them.
    expect(zplPreviewProblem('^XA^CC+^XZ')).toMatch(/changes the ZPL command characters \(\^CC\)/);
    expect(zplPreviewProblem('~CT+^XA^XZ')).toMatch(/\(~CT\)/);
    // Reading costs the server's own thread: a megabyte of empty commands stops at the command limit.
    expect(zplPreviewProblem(`^XA${'~'.repeat(990_000)}^XZ`)).toBe(
      'it has more than 20,000 ZPL commands, the most a preview reads',
    );
  });

  it('adds up large fonts field by field: each one is drawn afresh', () => {
    const fields = (count: number, dots: number) =>
      `^XA${Array.from({ length: count }, () => `^FO0,0^A0N,${dots},${dots}^FDBIG TEXT^FS`).join('')}^XZ`;
    expect(zplPreviewProblem(fields(6, 300))).toBeNull();
    expect(zplPreviewProblem(fields(7, 300))).toBe('it has more text in large fonts than a preview draws');
    // A field's ^A applies to that field only; the ^CF default (small) applies again after ^FS.
    const oneBig = `^XA^FO0,0^A0N,300,300^FDBIG^FS${'^FO0,0^FDsmall^FS'.repeat(900)}^XZ`;
    expect(zplPreviewProblem(oneBig)).toBeNull();
  });

  it('measures graphics by what they unpack to and how they are drawn, not by their length in the ZPL', () => {
    const bomb = deflateSync(Buffer.alloc(5_000_000, 0xff)).toString('base64');
    expect(bomb.length).toBeLessThan(10_000);
    expect(zplPreviewProblem(`^XA^FO0,0^GFA,500000,500000,100,:Z64:${bomb}:1A2B^FS^XZ`)).toBe(
      'a graphic unpacks to more than 4,000,000 dots, the most a preview draws',
    );
    expect(zplPreviewProblem('^XA^FO0,0^GFA,1000,1000,10,:Z64:not-zlib:0000^FS^XZ')).toBe(
      'a compressed graphic (:Z64:) does not unpack',
    );
    // A row repeated with ':' unpacks to rows x row bytes, however short the hex is.
    expect(graphicDataBytes(`${'FF'.repeat(100)}${':'.repeat(999)}`, 100, 1_000_000)).toBe(100_000);
    expect(graphicDataBytes(`${'FF'.repeat(100)}${':'.repeat(9_999)}`, 100, 500_000)).toBe('too-large');
    // 'z' repeats the next digit 400 times, ',' fills the row with zeros.
    expect(graphicDataBytes('zF,', 250, 1_000)).toBe(250);
    expect(zplPreviewProblem('^XA^FO0,0^GFA,1,1,9000,FF^FS^XZ')).toMatch(/9,000 bytes wide/);

    // A stored graphic is measured where it is recalled, with its magnification.
    const logo = `~DGR:LOGO.GRF,20000,100,${'F0'.repeat(20_000)}`;
    expect(zplPreviewProblem(`${logo}^XA^FO0,0^XGR:LOGO.GRF,1,1^FS^XZ`)).toBeNull();
    expect(zplPreviewProblem(`${logo}^XA^FO0,0^XGR:LOGO.GRF,10,10^FS^XZ`)).toBe(
      'a graphic is 8,000 x 2,000 dots as drawn, and a preview draws graphics up to 4,000,000 dots',
    );
  });

  it('counts a stored format each time it is recalled', () => {
    const format = `^XA^DFR:LOOP.ZPL^FS${'^FO0,0^FN1^FDfield^FS'.repeat(100)}^XZ`;
    expect(zplPreviewProblem(`${format}^XA^XFR:LOOP.ZPL^FS^XZ`)).toBeNull();
    const recalls = '^XA^XFR:LOOP.ZPL^FS^XZ'.repeat(11);
    expect(zplPreviewProblem(`${format}${recalls}`)).toMatch(/more than 1,000 fields/);
  });

  it('keeps barcodes to the sizes the ZPL manual allows', () => {
    expect(zplPreviewProblem('^XA^FO0,0^BQN,2,100^FDMA,HELLO^FS^XZ')).toBe(
      'a QR code is magnified 100 times, and a preview draws them up to 10 times',
    );
    expect(zplPreviewProblem('^XA^FO0,0^BON,50^FDHELLO^FS^XZ')).toMatch(/Aztec code is magnified 50 times/);
    expect(zplPreviewProblem('^XA^FO0,0^BXN,80,200^FDHELLO^FS^XZ')).toMatch(/80-dot modules/);
    expect(zplPreviewProblem('^XA^BY3^FO0,0^BCN,30000^FD123^FS^XZ')).toMatch(/30,000 dots high/);
    expect(zplPreviewProblem('^XA^BY100^FO0,0^BCN,100^FD123^FS^XZ')).toMatch(/bars are 100 dots wide/);
    expect(zplPreviewProblem(`^XA^FO0,0^BQN,2,4^FDMA,${'X'.repeat(3001)}^FS^XZ`)).toMatch(/3,004 characters/);
  });

  it('bounds what boxes and lines cover', () => {
    const boxes = (count: number) => `^XA${'^FO0,0^GB4000,4000,4000^FS'.repeat(count)}^XZ`;
    expect(zplPreviewProblem(boxes(12))).toBeNull();
    expect(zplPreviewProblem(boxes(13))).toBe('its boxes and lines cover more than a preview draws');
    expect(ZPL_PREVIEW_LIMITS.shapeDots).toBe(200_000_000);
  });
});
