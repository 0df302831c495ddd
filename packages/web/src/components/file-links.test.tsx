import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FileLinks } from './file-links';

describe('FileLinks', () => {
  it('lists each file as a download link named by the file, in a list named by the label', () => {
    render(
      <FileLinks
        label="Attachments"
        files={[
          { link: '/api/v2/posts/files/3', name: 'Plan.pdf' },
          { link: '/api/v2/posts/files/4', name: 'Notes.txt' },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Attachments' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Plan.pdf', '/api/v2/posts/files/3'],
      ['Notes.txt', '/api/v2/posts/files/4'],
    ]);
  });
});
