import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from '../../platform/storage';
import { cleanFileName } from './content';

describe('upload names', () => {
  it('keeps only a harmless base name of at most 200 characters', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\me\\plan.pdf')).toBe('plan.pdf');
    expect(cleanFileName('evil\u202Efdp.exe\r\n')).toBe('evilfdp.exe');
    expect(cleanFileName('  tab\there  ')).toBe('tab here');
    expect(cleanFileName('...hidden')).toBe('hidden');
    expect(cleanFileName('')).toBe('file');
    expect(cleanFileName(undefined)).toBe('file');
    const long = cleanFileName(`${'ä'.repeat(250)}.docx`);
    expect([...long]).toHaveLength(200);
    expect(long.endsWith('.docx')).toBe(true);
  });

  it('writes a Content-Disposition no name can break out of', () => {
    expect(attachmentDisposition('plain.pdf')).toBe(
      `attachment; filename="plain.pdf"; filename*=UTF-8''plain.pdf`,
    );
    expect(attachmentDisposition('a"b\\c;d.txt')).toBe(
      `attachment; filename="a_b_c_d.txt"; filename*=UTF-8''a%22b%5Cc%3Bd.txt`,
    );
    expect(attachmentDisposition('Grüße €.pdf')).toBe(
      `attachment; filename="Gr__e _.pdf"; filename*=UTF-8''Gr%C3%BC%C3%9Fe%20%E2%82%AC.pdf`,
    );
  });
});
