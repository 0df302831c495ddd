import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { articleTeaserTemplates, type PageModuleType, pageModuleLimits } from '@plaza/contract';
import { allowedFileTypes, allowedImageTypes } from '@plaza/contract/uploads';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import {
  adminPagesQuery,
  groupsQuery,
  newsCategoriesQuery,
  searchMembers,
  uploadPageFile,
  uploadPageImage,
} from './api';
import type { ModuleData } from './draft';
import { NumberInput, SelectInput, SwitchInput, TextInput } from './fields';
import { useLookups } from './lookups';
import { moved, RowActions } from './row-actions';
import { UploadButton } from './upload-button';

/** What every module form gets: its data, how to change it, and the errors at its fields. */
export interface ModuleFormProps {
  type: PageModuleType;
  data: ModuleData;
  /** Replaces some fields of the data (a function gets the newest data, for changes after an await). */
  set: (patch: ModuleData | ((current: ModuleData) => ModuleData)) => void;
  /** The error at a field path inside the data (`title`, `items.0.link`). */
  errorAt: (path: string) => string | undefined;
  pageId: number;
}

type Row = Record<string, unknown>;
const rowsOf = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);
const idsOf = (value: unknown): number[] => (Array.isArray(value) ? (value as number[]) : []);
const noMentions = async () => [];

/** The form of a module of any type. */
export function ModuleForm(props: ModuleFormProps) {
  switch (props.type) {
    case 'rich_text':
    case 'data_protection':
      return <HtmlForm {...props} />;
    case 'gallery':
      return <GalleryForm {...props} />;
    case 'downloads':
      return <DownloadsForm {...props} />;
    case 'subpage_navigation':
      return <SubpagesForm {...props} />;
    case 'article_teaser':
      return <ArticleTeaserForm {...props} />;
    case 'top_teaser':
      return <CategoryField {...props} />;
    case 'horizontal_teaser':
    case 'web_news':
      return (
        <>
          <OptionalTitle {...props} />
          <CategoryField {...props} />
        </>
      );
    case 'stream_widget':
      return <StreamWidgetForm {...props} />;
    case 'profile_teaser':
      return <ProfilesForm {...props} />;
    case 'reviews_widget':
    case 'shop_teaser':
      return <OptionalTitle {...props} />;
    case 'fundraising_widget':
      return <FundraisingForm {...props} />;
    case 'coachings':
      return <CoachingsForm {...props} />;
    case 'gym_pass':
      return <GymPassForm {...props} />;
  }
}

function OptionalTitle({ data, set, errorAt }: ModuleFormProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('page_admin.fields.heading')}
      value={data.title}
      onChange={(title) => set({ title })}
      error={errorAt('title')}
      helperText={t('page_admin.fields.optional')}
    />
  );
}

function RequiredTitle({ data, set, errorAt }: ModuleFormProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('page_admin.fields.heading')}
      value={data.title}
      onChange={(title) => set({ title })}
      error={errorAt('title')}
      required
    />
  );
}

/** A list's own error (too few, too many entries), announced where the list is. */
function ListError({ text }: { text: string | undefined }) {
  return text ? (
    <FormHelperText error role="alert">
      {text}
    </FormHelperText>
  ) : null;
}

/** The editor's code loads when a text is edited: a page of many texts opens as previews, and fast. */
const RichTextEditor = lazy(() =>
  import('../../components/rich-text/rich-text-editor').then((module) => ({
    default: module.RichTextEditor,
  })),
);

/**
 * A text's words for its preview, a line per block: parsed, never rendered (no script or image of it
 * runs or loads), so the preview needs no sanitiser.
 */
function plainText(html: string): string {
  const lines = html.replace(/<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, '$&\n');
  return new DOMParser().parseFromString(lines, 'text/html').body.textContent?.trim() ?? '';
}

function HtmlForm(props: ModuleFormProps) {
  const { t } = useTranslation();
  const { data, set, errorAt } = props;
  const errorId = useId();
  const error = errorAt('html');
  const html = String(data.html ?? '');
  // A new (empty) text opens in the editor; a written one shows as it reads until "Edit text".
  const [editing, setEditing] = useState(html === '');
  return (
    <>
      <OptionalTitle {...props} />
      <Typography component="p" variant="body2" color="text.secondary" sx={{ mt: 1, mb: 0.5 }}>
        {t('page_admin.fields.text')}
      </Typography>
      {editing ? (
        <Suspense fallback={<CircularProgress size={24} aria-label={t('page_admin.fields.text_loading')} />}>
          <RichTextEditor
            value={html}
            onChange={(next) => set({ html: next })}
            label={t('page_admin.fields.text')}
            searchMentions={noMentions}
            invalid={Boolean(error)}
            describedBy={error ? errorId : undefined}
            autoFocus={html !== ''}
          />
        </Suspense>
      ) : (
        <>
          <Box
            sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1, px: 1.5, py: 1 }}
          >
            {/* The clamp on the text itself: padding around a clamped box would show part of the next line. */}
            <Typography
              variant="body2"
              sx={{
                whiteSpace: 'pre-line',
                overflowWrap: 'anywhere',
                display: '-webkit-box',
                WebkitLineClamp: 6,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {plainText(html)}
            </Typography>
          </Box>
          <Button
            size="small"
            startIcon={<Edit />}
            onClick={() => setEditing(true)}
            aria-describedby={error ? errorId : undefined}
            sx={{ mt: 0.5 }}
          >
            {t('page_admin.fields.edit_text')}
          </Button>
        </>
      )}
      {error && (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      )}
    </>
  );
}

function GalleryForm(props: ModuleFormProps) {
  const { t } = useTranslation();
  const { data, set, errorAt, pageId } = props;
  const { lookups, remember } = useLookups();
  const images = rowsOf(data.images);
  const setImages = (next: Row[]) => set({ images: next });
  return (
    <>
      <OptionalTitle {...props} />
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('page_admin.gallery.list')}>
        {images.map((image, index) => {
          const id = Number(image.image_id);
          const name = t('page_admin.gallery.image', { n: index + 1 });
          const url = lookups.images.get(id);
          return (
            <Paper
              component="li"
              variant="outlined"
              key={id}
              sx={{ display: 'flex', gap: 1.5, p: 1, mb: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
            >
              <Box
                sx={{
                  width: 96,
                  height: 72,
                  flexShrink: 0,
                  bgcolor: 'action.hover',
                  borderRadius: 1,
                  overflow: 'hidden',
                  display: 'grid',
                  placeItems: 'center',
                }}
              >
                {url ? (
                  <Box
                    component="img"
                    src={url}
                    alt={String(image.caption ?? '') || name}
                    sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                  />
                ) : (
                  <Typography variant="caption">{name}</Typography>
                )}
              </Box>
              <Box sx={{ flex: { xs: '1 1 100%', sm: '1 1 180px' }, minWidth: 0, order: { xs: 1, sm: 0 } }}>
                <TextInput
                  label={t('page_admin.gallery.caption', { n: index + 1 })}
                  value={image.caption}
                  onChange={(caption) =>
                    setImages(images.map((item, at) => (at === index ? { ...item, caption } : item)))
                  }
                  error={errorAt(`images.${index}.caption`)}
                  helperText={t('page_admin.fields.optional')}
                />
              </Box>
              <RowActions
                name={name}
                index={index}
                count={images.length}
                onMove={(to) => setImages(moved(images, index, to))}
                onRemove={() => setImages(images.filter((_, at) => at !== index))}
              />
            </Paper>
          );
        })}
      </Box>
      {images.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('page_admin.gallery.empty')}
        </Typography>
      )}
      <ListError text={errorAt('images')} />
      {images.length < pageModuleLimits.galleryImages && (
        <UploadButton
          label={t('page_admin.gallery.add')}
          accept={allowedImageTypes.join(',')}
          send={(file) => uploadPageImage(pageId, file)}
          onUploaded={(uploaded) => {
            remember('images', uploaded.id, uploaded.url);
            // Several uploads in a row: each adds to the newest list (set merges into the latest data).
            set((current: ModuleData) => ({
              images: [...rowsOf(current.images), { image_id: uploaded.id, caption: '' }],
            }));
          }}
        />
      )}
    </>
  );
}

/** Bytes as a short size. */
function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function DownloadsForm(props: ModuleFormProps) {
  const { t } = useTranslation();
  const { data, set, errorAt, pageId } = props;
  const { lookups, remember } = useLookups();
  const files = rowsOf(data.files);
  const setFiles = (next: Row[]) => set({ files: next });
  return (
    <>
      <OptionalTitle {...props} />
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('page_admin.downloads.list')}>
        {files.map((file, index) => {
          const id = Number(file.file_id);
          const known = lookups.files.get(id);
          const name = t('page_admin.downloads.file', { n: index + 1 });
          return (
            <Paper
              component="li"
              variant="outlined"
              key={id}
              sx={{ display: 'flex', gap: 1.5, p: 1, mb: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
            >
              <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {known ? `${known.name} · ${sizeText(known.size)}` : name}
                </Typography>
                <TextInput
                  label={t('page_admin.downloads.title', { n: index + 1 })}
                  value={file.title}
                  onChange={(title) =>
                    setFiles(files.map((item, at) => (at === index ? { ...item, title } : item)))
                  }
                  error={errorAt(`files.${index}.title`)}
                  required
                />
              </Box>
              <RowActions
                name={name}
                index={index}
                count={files.length}
                onMove={(to) => setFiles(moved(files, index, to))}
                onRemove={() => setFiles(files.filter((_, at) => at !== index))}
              />
            </Paper>
          );
        })}
      </Box>
      {files.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('page_admin.downloads.empty')}
        </Typography>
      )}
      <ListError text={errorAt('files')} />
      {files.length < pageModuleLimits.downloads && (
        <UploadButton
          label={t('page_admin.downloads.add')}
          accept={allowedFileTypes.join(',')}
          send={(file) => uploadPageFile(pageId, file)}
          onUploaded={(uploaded) => {
            remember('files', uploaded.id, { name: uploaded.name, size: uploaded.size });
            const title = uploaded.name.replace(/\.[^.]+$/, '').slice(0, pageModuleLimits.titleMaxLength);
            set((current: ModuleData) => ({
              files: [...rowsOf(current.files), { file_id: uploaded.id, title }],
            }));
          }}
        />
      )}
    </>
  );
}

/** Chosen ids in order, with their names, each movable and removable. */
function ChosenList({
  ids,
  nameOf,
  label,
  onChange,
}: {
  ids: number[];
  nameOf: (id: number) => string;
  label: string;
  onChange: (ids: number[]) => void;
}) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={label}>
      {ids.map((id, index) => (
        <Paper
          component="li"
          variant="outlined"
          key={id}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 0.5, mb: 1 }}
        >
          <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{nameOf(id)}</Typography>
          <RowActions
            name={nameOf(id)}
            index={index}
            count={ids.length}
            onMove={(to) => onChange(moved(ids, index, to))}
            onRemove={() => onChange(ids.filter((other) => other !== id))}
          />
        </Paper>
      ))}
    </Box>
  );
}

interface Option {
  id: number;
  label: string;
}

/** Picks one more entry from options found by a search; the chosen one is added and the field empties. */
function Picker({
  label,
  options,
  loading,
  onInput,
  onPick,
  noOptionsText,
}: {
  label: string;
  options: Option[];
  loading: boolean;
  onInput?: (text: string) => void;
  onPick: (option: Option) => void;
  noOptionsText: string;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  return (
    <Autocomplete<Option, false, false, false>
      options={options}
      value={null}
      inputValue={input}
      onInputChange={(_, text, reason) => {
        if (reason === 'reset') return;
        setInput(text);
        onInput?.(text);
      }}
      onChange={(_, option) => {
        if (option) onPick(option);
        setInput('');
        onInput?.('');
      }}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={loading}
      loadingText={t('page_admin.pickers.loading')}
      noOptionsText={noOptionsText}
      filterOptions={onInput ? (all) => all : undefined}
      renderInput={(params) => <TextField {...params} label={label} margin="dense" />}
      sx={{ my: 1 }}
    />
  );
}

function SubpagesForm(props: ModuleFormProps) {
  const { t } = useTranslation();
  const { data, set, errorAt } = props;
  const { lookups, remember } = useLookups();
  const ids = idsOf(data.page_ids);
  const pages = useInfiniteQuery(adminPagesQuery(null));
  const known = pages.data?.pages.flatMap((page) => page.results) ?? [];
  const nameOf = (id: number) =>
    known.find((page) => page.id === id)?.title ??
    lookups.pages.get(id) ??
    t('page_admin.pickers.page', { id });
  return (
    <>
      <OptionalTitle {...props} />
      <ChosenList
        ids={ids}
        nameOf={nameOf}
        label={t('page_admin.subpages.list')}
        onChange={(page_ids) => set({ page_ids })}
      />
      <ListError text={errorAt('page_ids')} />
      {ids.length < pageModuleLimits.subpages && (
        <Picker
          label={t('page_admin.subpages.add')}
          options={known
            .filter((page) => !ids.includes(page.id))
            .map((page) => ({ id: page.id, label: page.title }))}
          loading={pages.isLoading}
          noOptionsText={t('page_admin.pickers.no_pages')}
          onPick={(option) => {
            remember('pages', option.id, option.label);
            set({ page_ids: [...ids, option.id] });
          }}
        />
      )}
    </>
  );
}

function ProfilesForm(props: ModuleFormProps) {
  const { t } = useTranslation();
  const { data, set, errorAt } = props;
  const { lookups, remember } = useLookups();
  const ids = idsOf(data.user_ids);
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term.trim(), 250);
  const found = useQuery({
    queryKey: ['page-admin', 'members', debounced],
    queryFn: () => searchMembers(debounced),
    enabled: debounced.length > 0,
  });
  const nameOf = (id: number) => lookups.members.get(id) ?? t('page_admin.pickers.member', { id });
  return (
    <>
      <OptionalTitle {...props} />
      <ChosenList
        ids={ids}
        nameOf={nameOf}
        label={t('page_admin.profiles.list')}
        onChange={(user_ids) => set({ user_ids })}
      />
      <ListError text={errorAt('user_ids')} />
      {ids.length < pageModuleLimits.profiles && (
        <Picker
          label={t('page_admin.profiles.add')}
          options={(found.data ?? [])
            .filter((user) => !ids.includes(user.id))
            .map((user) => ({ id: user.id, label: `${user.firstname} ${user.lastname}`.trim() }))}
          loading={found.isFetching}
          onInput={setTerm}
          noOptionsText={debounced ? t('page_admin.pickers.no_members') : t('page_admin.pickers.type_name')}
          onPick={(option) => {
            remember('members', option.id, option.label);
            set({ user_ids: [...ids, option.id] });
          }}
        />
      )}
    </>
  );
}

function CategoryField({ data, set }: ModuleFormProps) {
  const { t } = useTranslation();
  const categories = useQuery(newsCategoriesQuery());
  const current = data.category_id === null || data.category_id === undefined ? 0 : Number(data.category_id);
  const options = [
    { value: 0, label: t('page_admin.fields.all_categories') },
    ...(categories.data ?? []).map((category) => ({ value: category.id, label: category.name })),
  ];
  if (current && !options.some((option) => option.value === current)) {
    options.push({ value: current, label: t('page_admin.fields.category_id', { id: current }) });
  }
  return (
    <SelectInput
      label={t('page_admin.fields.category')}
      value={current}
      options={options}
      onChange={(value) => set({ category_id: value === 0 ? null : value })}
    />
  );
}

function ArticleTeaserForm(props: ModuleFormProps) {
  const { t } = useTranslation();
  const { data, set, errorAt } = props;
  return (
    <>
      <OptionalTitle {...props} />
      <SelectInput
        label={t('page_admin.fields.template')}
        value={String(data.template ?? 'slider')}
        options={articleTeaserTemplates.map((value) => ({
          value,
          label: t(`page_admin.templates.${value}`),
        }))}
        onChange={(template) => set({ template })}
      />
      <CategoryField {...props} />
      <NumberInput
        label={t('page_admin.fields.max_articles')}
        value={data.max}
        onChange={(max) => set({ max })}
        error={errorAt('max')}
        helperText={t('page_admin.fields.range', { min: 1, max: pageModuleLimits.teaserArticles })}
      />
      <NumberInput
        label={t('page_admin.fields.interval')}
        value={data.intervall}
        onChange={(intervall) => set({ intervall })}
        error={errorAt('intervall')}
        helperText={t('page_admin.fields.range', {
          min: pageModuleLimits.intervalMinMs,
          max: pageModuleLimits.intervalMaxMs,
        })}
      />
      <SwitchInput
        label={t('page_admin.fields.autoplay')}
        checked={data.autoplay !== false}
        onChange={(autoplay) => set({ autoplay })}
      />
    </>
  );
}

function StreamWidgetForm(props: ModuleFormProps) {
  const { t } = useTranslation();
  const { data, set, errorAt } = props;
  const groups = useQuery(groupsQuery());
  const current = data.group_id === null || data.group_id === undefined ? 0 : Number(data.group_id);
  const options = [
    { value: 0, label: t('page_admin.fields.all_groups') },
    ...(groups.data ?? []).map((group) => ({ value: group.id, label: group.name })),
  ];
  if (current && !options.some((option) => option.value === current)) {
    options.push({ value: current, label: t('page_admin.fields.group_id', { id: current }) });
  }
  return (
    <>
      <OptionalTitle {...props} />
      <SelectInput
        label={t('page_admin.fields.group')}
        value={current}
        options={options}
        onChange={(value) => set({ group_id: value === 0 ? null : value })}
      />
      <NumberInput
        label={t('page_admin.fields.max_posts')}
        value={data.max}
        onChange={(max) => set({ max })}
        error={errorAt('max')}
        helperText={t('page_admin.fields.range', { min: 1, max: pageModuleLimits.streamPosts })}
      />
    </>
  );
}

function FundraisingForm(props: ModuleFormProps) {
  const { t } = useTranslation();
  const { data, set, errorAt } = props;
  return (
    <>
      <RequiredTitle {...props} />
      <TextInput
        label={t('page_admin.fields.description')}
        value={data.text}
        onChange={(text) => set({ text })}
        error={errorAt('text')}
        helperText={t('page_admin.fields.optional')}
        multiline
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <NumberInput
          label={t('page_admin.fields.goal')}
          value={data.goal}
          onChange={(goal) => set({ goal })}
          error={errorAt('goal')}
          required
        />
        <NumberInput
          label={t('page_admin.fields.raised')}
          value={data.raised}
          onChange={(raised) => set({ raised })}
          error={errorAt('raised')}
          required
        />
      </Box>
      <TextInput
        label={t('page_admin.fields.link')}
        value={data.link}
        onChange={(link) => set({ link })}
        error={errorAt('link')}
        helperText={t('page_admin.fields.link_hint')}
        inputMode="url"
      />
    </>
  );
}

function GymPassForm(props: ModuleFormProps) {
  const { t } = useTranslation();
  const { data, set, errorAt } = props;
  return (
    <>
      <RequiredTitle {...props} />
      <TextInput
        label={t('page_admin.fields.description')}
        value={data.text}
        onChange={(text) => set({ text })}
        error={errorAt('text')}
        helperText={t('page_admin.fields.optional')}
        multiline
      />
      <TextInput
        label={t('page_admin.fields.link')}
        value={data.link}
        onChange={(link) => set({ link })}
        error={errorAt('link')}
        helperText={t('page_admin.fields.link_hint')}
        inputMode="url"
        required
      />
    </>
  );
}

function CoachingsForm(props: ModuleFormProps) {
  const { t } = useTranslation();
  const { data, set, errorAt } = props;
  const items = rowsOf(data.items);
  const setItems = (next: Row[]) => set({ items: next });
  const change = (index: number, patch: Row) =>
    setItems(items.map((item, at) => (at === index ? { ...item, ...patch } : item)));
  return (
    <>
      <OptionalTitle {...props} />
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('page_admin.coachings.list')}>
        {items.map((item, index) => {
          const name = t('page_admin.coachings.row', { n: index + 1 });
          return (
            <Paper
              component="li"
              variant="outlined"
              // Rows have no id: their place names them.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              sx={{ p: 1, mb: 1 }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography component="h4" variant="subtitle2" sx={{ flex: 1 }}>
                  {name}
                </Typography>
                <RowActions
                  name={name}
                  index={index}
                  count={items.length}
                  onMove={(to) => setItems(moved(items, index, to))}
                  onRemove={() => setItems(items.filter((_, at) => at !== index))}
                />
              </Box>
              <TextInput
                label={t('page_admin.coachings.page_name', { n: index + 1 })}
                value={item.page_name}
                onChange={(page_name) => change(index, { page_name })}
                error={errorAt(`items.${index}.page_name`)}
                required
              />
              <TextInput
                label={t('page_admin.coachings.article_name', { n: index + 1 })}
                value={item.article_name}
                onChange={(article_name) => change(index, { article_name })}
                error={errorAt(`items.${index}.article_name`)}
                required
              />
              <TextInput
                label={t('page_admin.coachings.link', { n: index + 1 })}
                value={item.link}
                onChange={(link) => change(index, { link })}
                error={errorAt(`items.${index}.link`)}
                helperText={t('page_admin.fields.link_hint')}
                inputMode="url"
                required
              />
            </Paper>
          );
        })}
      </Box>
      <ListError text={errorAt('items')} />
      {items.length < pageModuleLimits.coachings && (
        <Button
          startIcon={<Add />}
          onClick={() => setItems([...items, { page_name: '', article_name: '', link: '' }])}
        >
          {t('page_admin.coachings.add')}
        </Button>
      )}
    </>
  );
}
