/**
 * The text of a PDF the server generates (pdf/pdf-document.ts: pdfkit with embedded TrueType fonts),
 * for tests (API and end to end).
 * Such text is hex glyph ids, not readable bytes: this inflates the streams, reads each font's
 * ToUnicode map and decodes every Tj/TJ string with the font selected at that point. One line per
 * text object (BT ... ET). Enough for pdfkit's own output; not a general PDF reader.
 */
import { inflateSync } from 'node:zlib';

type PdfObject = { dict: string; stream: Buffer | null };

function readObjects(bytes: Uint8Array): Map<number, PdfObject> {
  const text = Buffer.from(bytes).toString('latin1');
  const objects = new Map<number, PdfObject>();
  const pattern = /(\d+) 0 obj\s*([\s\S]*?)\s*endobj/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const body = match[2]!;
    const streamAt = body.search(/stream\r?\n/);
    if (streamAt < 0) {
      objects.set(Number(match[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const start = streamAt + (body[streamAt + 6] === '\r' ? 8 : 7);
    // The stream's own length when given directly: compressed data may itself end in a line break.
    const length = /\/Length (\d+)(?! \d+ R)/.exec(dict);
    const end = length ? start + Number(length[1]) : body.lastIndexOf('endstream');
    let data = Buffer.from(length ? body.slice(start, end) : body.slice(start, end).replace(/\r?\n$/, ''), 'latin1');
    if (/\/FlateDecode/.test(dict)) data = inflateSync(data);
    objects.set(Number(match[1]), { dict, stream: data });
  }
  return objects;
}

function hexToString(hex: string): string {
  const units: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
}

/** A ToUnicode CMap: glyph code to text (bfrange with arrays or a start value, and bfchar). */
function readCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const row of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F ]+>)/g)) {
      const from = parseInt(row[1]!, 16);
      const to = parseInt(row[2]!, 16);
      const target = row[3]!;
      if (target.startsWith('[')) {
        const entries = [...target.matchAll(/<([0-9a-fA-F ]+)>/g)].map((m) => hexToString(m[1]!.replace(/\s/g, '')));
        entries.forEach((value, i) => map.set(from + i, value));
      } else {
        const base = parseInt(target.slice(1, -1).replace(/\s/g, ''), 16);
        for (let code = from; code <= to; code++) map.set(code, String.fromCharCode(base + code - from));
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const row of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F ]+)>/g)) {
      map.set(parseInt(row[1]!, 16), hexToString(row[2]!.replace(/\s/g, '')));
    }
  }
  return map;
}

export function pdfText(bytes: Uint8Array): string {
  const objects = readObjects(bytes);
  // Font resource name (/F1) to the glyph map of that font's ToUnicode stream.
  const fontObjects = new Map<number, Map<number, string>>();
  for (const [id, object] of objects) {
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(object.dict);
    const cmap = toUnicode ? objects.get(Number(toUnicode[1]))?.stream : undefined;
    if (cmap) fontObjects.set(id, readCmap(cmap.toString('latin1')));
  }
  const fonts = new Map<string, Map<number, string>>();
  for (const object of objects.values()) {
    for (const ref of object.dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const map = fontObjects.get(Number(ref[2]));
      if (map) fonts.set(ref[1]!, map);
    }
  }

  const lines: string[] = [];
  for (const object of objects.values()) {
    if (!object.stream || /\/Subtype|\/Length1|CMapName/.test(object.dict)) continue;
    const content = object.stream.toString('latin1');
    if (!/\bBT\b/.test(content)) continue;
    let font: Map<number, string> | undefined;
    let line = '';
    const decode = (hex: string) => {
      for (let i = 0; i + 4 <= hex.length; i += 4) line += font?.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
    };
    const tokens = /\/(F\d+)\s+[\d.]+\s+Tf|\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\bET\b/g;
    for (let token = tokens.exec(content); token; token = tokens.exec(content)) {
      if (token[1]) font = fonts.get(token[1]);
      else if (token[2] !== undefined) for (const hex of token[2].matchAll(/<([0-9a-fA-F]*)>/g)) decode(hex[1]!);
      else if (token[3] !== undefined) decode(token[3]);
      else {
        lines.push(line);
        line = '';
      }
    }
  }
  return lines.join('\n');
}
