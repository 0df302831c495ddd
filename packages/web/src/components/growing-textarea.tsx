import { forwardRef, type TextareaHTMLAttributes } from 'react';

interface GrowingTextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  minRows?: number;
  maxRows?: number;
}

/**
 * A text area that grows with its text by the browser's own sizing (CSS `field-sizing: content`), from
 * `minRows` to `maxRows` lines; a browser without it shows `minRows` lines and scrolls. MUI's own
 * (TextareaAutosize) measures each area in a layout effect, a layout of the whole page per area as the
 * page is taken over (the page editor's: 50-90 ms here, four times that on a phone), and grows an area the
 * server drew after the first paint (the page shifts).
 */
export const GrowingTextarea = forwardRef<HTMLTextAreaElement, GrowingTextareaProps>(function GrowingTextarea(
  { minRows = 1, maxRows, style, ...rest },
  ref,
) {
  return (
    <textarea
      ref={ref}
      {...rest}
      rows={rest.rows ?? minRows}
      style={{
        fieldSizing: 'content',
        // The theme gives a multiline field's area a fixed height (app/theme.ts), for MUI's own kind.
        height: 'auto',
        minHeight: `${minRows}lh`,
        maxHeight: maxRows ? `${maxRows}lh` : undefined,
        ...style,
      }}
    />
  );
});

/**
 * A MUI TextField's slots for a multiline field with a `GrowingTextarea` (pass `multiline` too), with the
 * field's own `htmlInput` props: `slotProps={growingSlots({ minRows: 3 }, { maxLength: 500 })}`.
 */
export function growingSlots(
  rows: { minRows?: number; maxRows?: number } = {},
  htmlInput: TextareaHTMLAttributes<HTMLTextAreaElement> = {},
) {
  return { input: { inputComponent: GrowingTextarea }, htmlInput: { ...htmlInput, ...rows } };
}
