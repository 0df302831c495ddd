import { limits } from '@plaza/contract/constants';
import { profileLimits } from '@plaza/contract/profile';

/**
 * An address's text fields in their order (between the salutation and the country), with their longest
 * text, whether they are required and the browser's autofill token: the address form here and the
 * registration's address step draw them from this.
 */
export const addressTextFields: readonly {
  name:
    | 'title'
    | 'firstname'
    | 'lastname'
    | 'address'
    | 'house_number'
    | 'address_2'
    | 'address_details'
    | 'zip'
    | 'city';
  max: number;
  required?: boolean;
  autoComplete?: string;
}[] = [
  { name: 'title', max: profileLimits.titleMax },
  { name: 'firstname', max: limits.nameMaxLength, required: true, autoComplete: 'given-name' },
  { name: 'lastname', max: limits.nameMaxLength, required: true, autoComplete: 'family-name' },
  { name: 'address', max: profileLimits.addressFieldMax, required: true, autoComplete: 'address-line1' },
  { name: 'house_number', max: profileLimits.houseNumberMax, required: true },
  { name: 'address_2', max: profileLimits.addressFieldMax, autoComplete: 'address-line2' },
  { name: 'address_details', max: profileLimits.addressFieldMax },
  { name: 'zip', max: 10, required: true, autoComplete: 'postal-code' },
  { name: 'city', max: profileLimits.addressFieldMax, required: true, autoComplete: 'address-level2' },
];
