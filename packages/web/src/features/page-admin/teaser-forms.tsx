import { articleTeaserTemplates, pageModuleLimits } from '@plaza/contract/page-modules';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { groupsQuery, newsCategoriesQuery } from './api';
import { NumberInput, SelectInput, SwitchInput } from './fields';
import { type ModuleFormProps, OptionalTitle } from './module-form-parts';

/** The news category a teaser shows (all by default). */
export function CategoryField({ data, set }: ModuleFormProps) {
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

/** An article teaser: its template, category, number of articles and how it turns. */
export function ArticleTeaserForm(props: ModuleFormProps) {
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

/** A stream widget: the group whose posts it shows (all by default) and how many. */
export function StreamWidgetForm(props: ModuleFormProps) {
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
