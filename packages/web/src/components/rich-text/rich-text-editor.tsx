import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmojiPickerButton } from '../emoji-picker/emoji-picker-button';
import { richTextExtensions } from './extensions';
import { type MentionCandidate, MentionList, type MentionState } from './mention-list';
import { mentionSuggestion } from './mention-suggestion';

export interface RichTextEditorProps {
  /** The HTML; setting it to '' clears the editor (a form reset). */
  value: string;
  onChange: (html: string, text: string) => void;
  /** The editor's accessible name. */
  label: string;
  placeholder?: string;
  disabled?: boolean;
  /** Members matching a typed '@name'. */
  searchMentions: (query: string, signal: AbortSignal) => Promise<MentionCandidate[]>;
  /** Id of an element describing the field (e.g. its error). */
  describedBy?: string;
  invalid?: boolean;
  /** Puts the cursor in the editor when it appears (a box the member has just opened). */
  autoFocus?: boolean;
}

/**
 * Rich text with bold, italic, lists, links, @mentions (members searched as the name is typed) and
 * an emoji picker; quotes, inline code and code blocks, underline and strike-through come from
 * Markdown-like typing and shortcuts. What it can write is the contract's allow-list
 * (`./extensions.ts`). A mention is `<span data-type="mention" data-id="…" data-label="…">@Name</span>`;
 * the server sanitises the HTML and reads the mentioned ids from it.
 */
export function RichTextEditor({
  value,
  onChange,
  label,
  placeholder,
  disabled = false,
  searchMentions,
  describedBy,
  invalid = false,
  autoFocus = false,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const listId = useId();
  const search = useRef(searchMentions);
  search.current = searchMentions;
  const changed = useRef(onChange);
  changed.current = onChange;
  const [mention, setMention] = useState<MentionState | null>(null);
  const editor = useEditor({
    immediatelyRender: true,
    // The HTML it opens with (an edited post or page module); later changes of `value` come from it.
    content: value,
    editable: !disabled,
    autofocus: autoFocus ? 'end' : false,
    extensions: richTextExtensions(mentionSuggestion(search, setMention)),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(placeholder ? { 'aria-placeholder': placeholder, 'data-placeholder': placeholder } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: current }) =>
      changed.current(current.isEmpty ? '' : current.getHTML(), current.getText().trim()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      list: current.isActive('bulletList'),
      empty: current.isEmpty,
    }),
  });

  useEffect(() => {
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);
  useEffect(() => {
    if (value === '' && !editor.isEmpty) editor.commands.clearContent(true);
  }, [editor, value]);
  useEffect(() => {
    // The open list is named to assistive technology while a mention is typed. The view exists only
    // once EditorContent has mounted it (isDestroyed is true before).
    if (editor.isDestroyed) return;
    const dom = editor.view.dom;
    if (mention?.items.length) {
      dom.setAttribute('aria-controls', listId);
      const active = mention.items[mention.active];
      if (active) dom.setAttribute('aria-activedescendant', `${listId}-${active.id}`);
    } else {
      dom.removeAttribute('aria-controls');
      dom.removeAttribute('aria-activedescendant');
    }
  }, [editor, mention, listId]);

  const toggle = (kind: 'bold' | 'italic' | 'list') => {
    const chain = editor.chain().focus();
    if (kind === 'bold') chain.toggleBold().run();
    else if (kind === 'italic') chain.toggleItalic().run();
    else chain.toggleBulletList().run();
  };

  return (
    <Box
      sx={{
        border: 1,
        borderColor: invalid ? 'error.main' : 'divider',
        borderRadius: 1,
        '&:focus-within': {
          borderColor: 'primary.main',
          boxShadow: (theme) => `0 0 0 1px ${theme.palette.primary.main}`,
        },
        opacity: disabled ? 0.6 : 1,
      }}
    >
      <Box
        role="toolbar"
        aria-label={t('rich_text.toolbar')}
        sx={{ display: 'flex', gap: 0.5, px: 0.5, py: 0.25, borderBottom: 1, borderColor: 'divider' }}
      >
        <IconButton
          size="small"
          aria-label={t('rich_text.bold')}
          aria-pressed={state.bold}
          disabled={disabled}
          onClick={() => toggle('bold')}
        >
          <FormatBoldIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('rich_text.italic')}
          aria-pressed={state.italic}
          disabled={disabled}
          onClick={() => toggle('italic')}
        >
          <FormatItalicIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('rich_text.bullet_list')}
          aria-pressed={state.list}
          disabled={disabled}
          onClick={() => toggle('list')}
        >
          <FormatListBulletedIcon fontSize="small" />
        </IconButton>
        <EmojiPickerButton
          disabled={disabled}
          onSelect={(emoji) => editor.chain().focus().insertContent(emoji).run()}
        />
      </Box>
      <Box
        sx={{
          px: 1.5,
          py: 1,
          '& .tiptap': { minHeight: 72, outline: 'none', overflowWrap: 'anywhere' },
          '& .tiptap p': { my: 0.5 },
          '& .tiptap[data-placeholder]:has(> p:only-child > br.ProseMirror-trailingBreak:only-child)::before':
            {
              content: 'attr(data-placeholder)',
              color: 'text.secondary',
              float: 'left',
              height: 0,
              pointerEvents: 'none',
            },
          '& .mention': { color: 'primary.main', fontWeight: 600 },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
      <MentionList state={mention} listId={listId} />
    </Box>
  );
}
