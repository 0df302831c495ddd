import type { EmojiData, EmojiDataResolver } from 'frimousse';

/** The Emojibase files of one language, as the package ships them. */
interface EmojibaseEmoji {
  emoji: string;
  label: string;
  group?: number;
  subgroup?: number;
  version: number;
  tags?: string[];
  skins?: { emoji: string; tone?: number | number[] }[];
}
interface EmojibaseMessages {
  groups: { key: string; message: string; order: number }[];
  subgroups: { key: string; order: number }[];
  skinTones: { key: string; message: string }[];
}

/** Newest Emoji version shown: later ones may lack a glyph in the members' system fonts. */
const maxEmojiVersion = 15;
const toneKeys = ['none', 'light', 'medium-light', 'medium', 'medium-dark', 'dark'] as const;

const loaders: Record<'de' | 'en', () => Promise<[EmojibaseEmoji[], EmojibaseMessages]>> = {
  de: () =>
    Promise.all([
      import('emojibase-data/de/data.json').then((m) => m.default as EmojibaseEmoji[]),
      import('emojibase-data/de/messages.json').then((m) => m.default as EmojibaseMessages),
    ]),
  en: () =>
    Promise.all([
      import('emojibase-data/en/data.json').then((m) => m.default as EmojibaseEmoji[]),
      import('emojibase-data/en/messages.json').then((m) => m.default as EmojibaseMessages),
    ]),
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Turns Emojibase's files into the picker's data (as frimousse's own CDN loader does). */
export function toPickerData(
  locale: string,
  emojis: EmojibaseEmoji[],
  messages: EmojibaseMessages,
): EmojiData {
  const flags = messages.subgroups.find((s) => s.key === 'country-flag' || s.key === 'subdivision-flag');
  const skinTones = Object.fromEntries(
    messages.skinTones.map((tone) => [tone.key, capitalise(tone.message)]),
  ) as EmojiData['skinTones'];
  return {
    locale,
    categories: messages.groups
      .filter((group) => group.key !== 'component')
      .map((group) => ({ index: group.order, label: capitalise(group.message) })),
    skinTones,
    emojis: emojis
      .filter((emoji) => emoji.group !== undefined && emoji.version <= maxEmojiVersion)
      .map((emoji) => {
        const skins = emoji.skins?.filter((skin) => typeof skin.tone === 'number');
        return {
          emoji: emoji.emoji,
          category: emoji.group as number,
          version: emoji.version,
          label: capitalise(emoji.label),
          tags: emoji.tags ?? [],
          countryFlag: flags && emoji.subgroup === flags.order ? true : undefined,
          skins: skins?.length
            ? (Object.fromEntries(
                skins.map((skin) => [toneKeys[skin.tone as number], skin.emoji]),
              ) as EmojiData['emojis'][number]['skins'])
            : undefined,
        };
      }),
  };
}

/**
 * Emoji data bundled with the app (a lazy chunk per language) instead of frimousse's CDN default:
 * the page's CSP allows no foreign hosts and the picker must work without the internet.
 */
export const bundledEmojiData: EmojiDataResolver = async (locale) => {
  const language = locale === 'de' ? 'de' : 'en';
  const [emojis, messages] = await loaders[language]();
  return toPickerData(language, emojis, messages);
};
