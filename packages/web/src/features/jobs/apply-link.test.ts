import { describe, expect, it } from 'vitest';
import { applyMailto } from './apply-link';

describe('applyMailto', () => {
  it('addresses the receiver with the subject and body encoded, lines as CRLF', () => {
    expect(applyMailto(' jobs@example.org ', 'Bewerbung: Köchin & Koch', 'Hallo\n\nGrüße')).toBe(
      'mailto:jobs@example.org?subject=Bewerbung%3A%20K%C3%B6chin%20%26%20Koch&body=Hallo%0D%0A%0D%0AGr%C3%BC%C3%9Fe',
    );
  });

  it.each([
    ['', 'nothing configured'],
    ['   ', 'blanks'],
    ['jobs', 'no @'],
    ['jobs@example', 'no domain part'],
    ['a@b.org?cc=evil@x.org', 'a smuggled header'],
    ['a@b.org,c@d.org', 'several addresses'],
    ['a b@c.org', 'a space'],
  ])('gives no link for %j (%s)', (receiver) => {
    expect(applyMailto(receiver, 'S', 'B')).toBeNull();
  });
});
