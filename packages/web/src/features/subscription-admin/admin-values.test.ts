import { describe, expect, it } from 'vitest';
import { giftInput, giftValues, optionInput, optionValues } from './admin-values';

describe('the subscription administration values', () => {
  it('reads the price as typed into minor units and the tax rate into basis points', () => {
    const values = {
      ...optionValues(undefined, 'de_DE'),
      name_de: 'Digital',
      name_en: 'Digital',
      price: '12,90',
      tax_rate: '7',
    };
    const result = optionInput(values);
    expect(result).toMatchObject({
      input: { price: 1290, tax_rate: 700, period: 'month', minimum_term: 1, notice_days: 14 },
    });
    expect(optionInput({ ...values, price: '1.234,50', tax_rate: '19,5' })).toMatchObject({
      input: { price: 123450, tax_rate: 1950 },
    });
  });

  it('refuses what is no amount, an ambiguous one, and terms out of range', () => {
    const values = { ...optionValues(undefined, 'en_GB'), name_de: 'A', name_en: 'A' };
    expect(optionInput({ ...values, price: '' })).toEqual({
      problems: { price: 'registration.admin.form.required' },
    });
    expect(optionInput({ ...values, price: '1.234' })).toMatchObject({
      problems: { price: 'registration.admin.form.price_invalid' },
    });
    expect(optionInput({ ...values, price: '9.999' })).toMatchObject({
      problems: { price: 'registration.admin.form.price_invalid' },
    });
    expect(
      optionInput({ ...values, price: '9.90', minimum_term: '0', notice_days: '400', tax_rate: '60' }),
    ).toEqual({
      problems: {
        minimum_term: 'registration.admin.form.number_invalid',
        notice_days: 'registration.admin.form.number_invalid',
        tax_rate: 'registration.admin.form.tax_rate_invalid',
      },
    });
  });

  it('shows a stored option as typed in the language', () => {
    const option = {
      id: 1,
      name_de: 'Digital',
      name_en: 'Digital',
      description_de: '',
      description_en: '',
      price: 990,
      currency: 'EUR' as const,
      tax_rate: 700,
      period: 'year' as const,
      minimum_term: 2,
      notice_days: 30,
      active: true,
      image: null,
    };
    expect(optionValues(option, 'de_DE')).toMatchObject({
      price: '9,90',
      tax_rate: '7',
      period: 'year',
      minimum_term: '2',
    });
    expect(optionValues(option, 'en_GB').price).toBe('9.90');
  });

  it('takes a gift with stock or unlimited, and the options it comes with', () => {
    const values = {
      ...giftValues(undefined),
      name_de: 'Tasse',
      name_en: 'Mug',
      subscription_option_ids: [1, 2],
    };
    expect(giftInput(values)).toMatchObject({
      input: { stock: null, subscription_option_ids: [1, 2], active: false },
    });
    expect(giftInput({ ...values, unlimited: false, stock: '25' })).toMatchObject({ input: { stock: 25 } });
    expect(giftInput({ ...values, unlimited: false, stock: 'ten' })).toEqual({
      problems: { stock: 'registration.admin.form.number_invalid' },
    });
  });
});
