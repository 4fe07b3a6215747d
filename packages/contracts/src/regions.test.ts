import { describe, expect, it } from 'vitest';
import { invalidAddressFields, keptAddress } from './delivery-address.ts';
import { findRegion, regionLabel, regionNames } from './regions.ts';

const address = {
  street: '500 Congress Ave',
  city: 'Austin',
  postalCode: '78701',
  country: 'United States',
  fullname: 'Maya Gurung',
  contact_number: '+1 512 555 0100',
};

describe('the regions of a country whose addresses need one', () => {
  it('are listed for the United States, India, Australia and Canada only, each under its own word', () => {
    expect(regionNames('US')).toHaveLength(59);
    expect(regionNames('US')).toContain('Texas');
    expect(regionNames('IN')).toContain('Maharashtra');
    expect(regionNames('AU')).toEqual(expect.arrayContaining(['New South Wales', 'Victoria']));
    expect(regionNames('CA')).toContain('Ontario');
    expect([regionNames('NP'), regionNames('GB'), regionNames(null)]).toEqual([[], [], []]);
    expect([regionLabel('US'), regionLabel('CA'), regionLabel('NP')]).toEqual(['State', 'Province or territory', null]);
  });

  it('are found by name or code, in any case', () => {
    expect([findRegion('US', 'tx'), findRegion('US', ' texas '), findRegion('AU', 'NSW')]).toEqual([
      'Texas',
      'Texas',
      'New South Wales',
    ]);
    expect([findRegion('US', 'Ontario'), findRegion('US', ''), findRegion('NP', 'Bagmati')]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('make a region required and checked there, and kept by its name only there', () => {
    expect(invalidAddressFields(address)).toEqual({ region: 'This field is required.' });
    expect(invalidAddressFields({ ...address, region: 'Narnia' })).toEqual({
      region: 'Choose a state or region from the list.',
    });
    expect(invalidAddressFields({ ...address, region: 'tx' })).toEqual({});
    expect(keptAddress({ ...address, country: 'us', region: 'tx' })).toEqual({
      ...address,
      region: 'Texas',
    });
    const nepal = { ...address, country: 'NP', contact_number: '+977 1 4221234' };
    expect(invalidAddressFields({ ...nepal, region: 'anything' })).toEqual({});
    expect(keptAddress({ ...nepal, region: 'anything' })).toEqual({ ...nepal, country: 'Nepal' });
  });
});

describe('postal codes', () => {
  it('are checked against the form of the delivery country', () => {
    const texas = { ...address, region: 'Texas' };
    expect(invalidAddressFields(texas)).toEqual({});
    expect(invalidAddressFields({ ...texas, postalCode: '78701-1234' })).toEqual({});
    expect(invalidAddressFields({ ...texas, postalCode: '7870' })).toEqual({
      postalCode: 'Enter a valid postal code for United States.',
    });
    const britain = { ...address, country: 'GB', contact_number: '+44 20 7946 0018' };
    expect(invalidAddressFields({ ...britain, postalCode: 'BN1 1AA' })).toEqual({});
    expect(invalidAddressFields({ ...britain, postalCode: '44600' })).toEqual({
      postalCode: 'Enter a valid postal code for United Kingdom.',
    });
    const nepal = { ...address, country: 'Nepal', contact_number: '+977 1 4221234' };
    expect(invalidAddressFields({ ...nepal, postalCode: '44600' })).toEqual({});
    expect(invalidAddressFields({ ...nepal, postalCode: '1' })).toEqual({
      postalCode: 'Enter a valid postal code for Nepal.',
    });
  });
});
