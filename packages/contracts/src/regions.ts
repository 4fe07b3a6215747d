// The states, provinces and territories of the countries whose postal addresses need one (a parcel to Springfield
// needs its state): shown and required at checkout for those countries only, from their lists (ISO 3166-2), and
// kept with the address as the region's name. Part of `@platform/contracts/address` and `@platform/contracts/places`,
// outside every page's first load.

interface Region {
  code: string;
  name: string;
}

const list = (pairs: string): Region[] =>
  pairs.split(';').map((pair) => {
    const [code = '', name = ''] = pair.split('=');
    return { code, name };
  });

const REGIONS: Record<string, { label: string; regions: Region[] }> = {
  US: {
    label: 'State',
    regions: list(
      'AL=Alabama;AK=Alaska;AZ=Arizona;AR=Arkansas;CA=California;CO=Colorado;CT=Connecticut;DE=Delaware;' +
        'DC=District of Columbia;FL=Florida;GA=Georgia;HI=Hawaii;ID=Idaho;IL=Illinois;IN=Indiana;IA=Iowa;KS=Kansas;' +
        'KY=Kentucky;LA=Louisiana;ME=Maine;MD=Maryland;MA=Massachusetts;MI=Michigan;MN=Minnesota;MS=Mississippi;' +
        'MO=Missouri;MT=Montana;NE=Nebraska;NV=Nevada;NH=New Hampshire;NJ=New Jersey;NM=New Mexico;NY=New York;' +
        'NC=North Carolina;ND=North Dakota;OH=Ohio;OK=Oklahoma;OR=Oregon;PA=Pennsylvania;RI=Rhode Island;' +
        'SC=South Carolina;SD=South Dakota;TN=Tennessee;TX=Texas;UT=Utah;VT=Vermont;VA=Virginia;WA=Washington;' +
        'WV=West Virginia;WI=Wisconsin;WY=Wyoming;AS=American Samoa;GU=Guam;MP=Northern Mariana Islands;' +
        'PR=Puerto Rico;VI=U.S. Virgin Islands;AA=Armed Forces Americas;AE=Armed Forces Europe;AP=Armed Forces Pacific',
    ),
  },
  CA: {
    label: 'Province or territory',
    regions: list(
      'AB=Alberta;BC=British Columbia;MB=Manitoba;NB=New Brunswick;NL=Newfoundland and Labrador;' +
        'NS=Nova Scotia;ON=Ontario;PE=Prince Edward Island;QC=Quebec;SK=Saskatchewan;NT=Northwest Territories;' +
        'NU=Nunavut;YT=Yukon',
    ),
  },
  AU: {
    label: 'State or territory',
    regions: list(
      'ACT=Australian Capital Territory;NSW=New South Wales;NT=Northern Territory;QLD=Queensland;' +
        'SA=South Australia;TAS=Tasmania;VIC=Victoria;WA=Western Australia',
    ),
  },
  IN: {
    label: 'State or union territory',
    regions: list(
      'AP=Andhra Pradesh;AR=Arunachal Pradesh;AS=Assam;BR=Bihar;CT=Chhattisgarh;GA=Goa;GJ=Gujarat;HR=Haryana;' +
        'HP=Himachal Pradesh;JH=Jharkhand;KA=Karnataka;KL=Kerala;MP=Madhya Pradesh;MH=Maharashtra;MN=Manipur;' +
        'ML=Meghalaya;MZ=Mizoram;NL=Nagaland;OR=Odisha;PB=Punjab;RJ=Rajasthan;SK=Sikkim;TN=Tamil Nadu;' +
        'TG=Telangana;TR=Tripura;UP=Uttar Pradesh;UT=Uttarakhand;WB=West Bengal;AN=Andaman and Nicobar Islands;' +
        'CH=Chandigarh;DH=Dadra and Nagar Haveli and Daman and Diu;DL=Delhi;JK=Jammu and Kashmir;LA=Ladakh;' +
        'LD=Lakshadweep;PY=Puducherry',
    ),
  },
};

/** A region the list does not hold, for a country that needs one. */
export const REGION_NOT_FOUND = 'Choose a state or region from the list.';
export const REGION_REQUIRED = 'This field is required.';

/** The names of a country's regions (by ISO code), in the list's order; empty for a country whose addresses need none. */
export function regionNames(countryCode: string | null): string[] {
  return countryCode ? (REGIONS[countryCode]?.regions.map((region) => region.name) ?? []) : [];
}

/** What a country calls its regions ("State", "Province or territory"); null for one whose addresses need none. */
export function regionLabel(countryCode: string | null): string | null {
  return countryCode ? (REGIONS[countryCode]?.label ?? null) : null;
}

/** The region's name from its name or code (any case), or null when it is not one of the country's. */
export function findRegion(countryCode: string, text: string): string | null {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return null;
  const found = REGIONS[countryCode]?.regions.find(
    (region) => region.code.toLowerCase() === wanted || region.name.toLowerCase() === wanted,
  );
  return found?.name ?? null;
}
