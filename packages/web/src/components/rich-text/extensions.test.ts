import { allowedAttributes, articleOnlyTags, isAllowedUrl, postTags } from '@plaza/contract/rich-html';
import { elementSignature, richHtmlSamples } from '@plaza/contract/rich-html-samples';
import { Editor } from '@tiptap/core';
import { DOMSerializer, Fragment, type MarkType, type NodeType } from '@tiptap/pm/model';
import { afterEach, describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../rich-html';
import { richTextExtensions, starterKitTags } from './extensions';

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function makeEditor(content = ''): Editor {
  editor = new Editor({ extensions: richTextExtensions({ char: '@' }), content });
  return editor;
}

/** Values for every attribute the editor's schema has, odd ones where the list would refuse them. */
const attributeValues: Record<string, unknown> = {
  href: 'https://example.com/x',
  target: '_self',
  rel: 'opener',
  class: 'custom',
  title: 'A title',
  start: 3,
  type: 'a',
  language: 'js',
  id: '7',
  label: 'Anna Beispiel',
  mentionSuggestionChar: '#',
};

function attrsFor(type: NodeType | MarkType): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(type.spec.attrs ?? {}).map((name) => [name, attributeValues[name] ?? 'x']),
  );
}

/** Every element in `root`, as tag and attribute names. */
function elementsIn(root: ParentNode): { tag: string; attributes: string[] }[] {
  return [...root.querySelectorAll('*')].map((element) => ({
    tag: element.localName,
    attributes: element.getAttributeNames(),
  }));
}

/** The elements the editor writes for each node and mark of its schema, every attribute set. */
function writtenByTheSchema(current: Editor): Map<string, { tag: string; attributes: string[] }[]> {
  const { schema } = current;
  const serializer = DOMSerializer.fromSchema(schema);
  const written = new Map<string, { tag: string; attributes: string[] }[]>();
  for (const type of Object.values(schema.nodes)) {
    if (type.name === 'doc' || type.name === 'text') continue;
    const node = type.createAndFill(attrsFor(type));
    if (!node) throw new Error(`cannot make a ${type.name}`);
    const holder = document.createElement('div');
    holder.append(serializer.serializeNode(node, { document }));
    written.set(`node ${type.name}`, elementsIn(holder));
  }
  for (const type of Object.values(schema.marks)) {
    const holder = document.createElement('div');
    holder.append(
      serializer.serializeFragment(Fragment.from(schema.text('x', [type.create(attrsFor(type))])), {
        document,
      }),
    );
    written.set(`mark ${type.name}`, elementsIn(holder));
  }
  return written;
}

describe('the post editor and the contract allow-list', () => {
  it('has a node or mark for each StarterKit tag the list allows, and none for the others', () => {
    const { schema } = makeEditor();
    const names = new Set([...Object.keys(schema.nodes), ...Object.keys(schema.marks)]);
    for (const [name, tag] of Object.entries(starterKitTags)) {
      expect(names.has(name), `${name} (${tag})`).toBe(Object.hasOwn(postTags, tag));
    }
    expect(names.has('heading')).toBe(false);
    expect(names.has('mention')).toBe(true);
    // Code, code blocks and quotes are on, as the list has code, pre and blockquote.
    expect(['code', 'codeBlock', 'blockquote'].every((name) => names.has(name))).toBe(true);
    expect(names.has('horizontalRule')).toBe(false);
    expect(names.has('image')).toBe(false);
  });

  it('writes only tags and attributes the list allows, whatever the attributes hold', () => {
    const written = writtenByTheSchema(makeEditor());
    expect(written.size).toBeGreaterThan(0);
    for (const [what, elements] of written) {
      expect(elements.length, what).toBeGreaterThan(0);
      for (const { tag, attributes } of elements) {
        expect(Object.keys(postTags), `${what} writes <${tag}>`).toContain(tag);
        for (const name of attributes)
          expect(allowedAttributes(tag), `${what} writes <${tag} ${name}>`).toContain(name);
      }
    }
  });

  it('can make every tag and attribute of the post list; only the article headings are left to articles', () => {
    const made = new Map<string, Set<string>>();
    for (const elements of writtenByTheSchema(makeEditor()).values()) {
      for (const { tag, attributes } of elements) {
        const names = made.get(tag) ?? new Set<string>();
        for (const name of attributes) names.add(name);
        made.set(tag, names);
      }
    }
    expect([...made.keys()].sort()).toEqual(Object.keys(postTags).sort());
    for (const [tag, attributes] of Object.entries(postTags)) {
      expect([...(made.get(tag) ?? [])].sort(), tag).toEqual([...attributes].sort());
    }
    for (const tag of Object.keys(articleOnlyTags)) expect(made.has(tag), tag).toBe(false);
  });

  it('turns any sample HTML into HTML the list allows, which the web sanitiser keeps as it is', () => {
    const current = makeEditor();
    for (const sample of richHtmlSamples) {
      current.commands.setContent(sample.html);
      const html = current.getHTML();
      const template = document.createElement('template');
      template.innerHTML = html;
      for (const { tag, attributes } of elementsIn(template.content)) {
        expect(Object.keys(postTags), `${sample.name}: <${tag}>`).toContain(tag);
        for (const name of attributes)
          expect(allowedAttributes(tag), `${sample.name}: <${tag} ${name}>`).toContain(name);
      }
      for (const link of template.content.querySelectorAll('[href]')) {
        expect(isAllowedUrl(link.getAttribute('href') ?? ''), sample.name).toBe(true);
      }
      expect(sanitizeHtml(html), sample.name).toBe(html);
    }
  });

  it('writes links and mentions in the list’s markup', () => {
    const current = makeEditor(
      '<p><a href="https://example.com/x" target="_self" rel="opener" class="c" title="t">link</a> <span data-type="mention" data-id="7" data-label="Anna B" data-mention-suggestion-char="@">@Anna B</span></p>',
    );
    expect(current.getHTML()).toBe(
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/x">link</a> <span data-type="mention" data-id="7" data-label="Anna B" class="mention">@Anna B</span></p>',
    );
    expect(current.getText()).toBe('link @Anna B');
  });

  it('writes an ordered list without start or type and a code block without a language class', () => {
    const current = makeEditor(
      '<ol start="3" type="a"><li><p>a</p></li></ol><pre><code class="language-js">x = 1</code></pre>',
    );
    expect(current.getHTML()).toBe('<ol><li><p>a</p></li></ol><pre><code>x = 1</code></pre>');
  });

  it('keeps no link to an address the list refuses', () => {
    const current = makeEditor(
      '<p><a href="javascript:alert(1)">a</a> <a href="ftp://example.com/f">b</a> <a href="page.html">c</a> <a href="/de_DE/news/post-1">d</a></p>',
    );
    const template = document.createElement('template');
    template.innerHTML = current.getHTML();
    expect([...template.content.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      null,
      '/de_DE/news/post-1',
    ]);
    expect(elementSignature('a', ['href', 'rel', 'target'])).toBe('a[href rel target]');
  });
});
