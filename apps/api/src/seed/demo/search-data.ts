/** The demo shop's synonym groups: the words its shoppers use for the same thing. */
export const DEMO_SYNONYMS: string[][] = [
  [
    'khukuri',
    'kukri',
    'khukri',
    'kukhri',
    'khukhuri',
    'kukuri',
    'khukhri',
    'gurkha knife',
    'gorkha knife',
    'nepali knife',
    'nepalese knife',
  ],
  ['knife', 'knives'],
  ['sheath', 'scabbard', 'dap'],
  ['gurkha', 'gorkha', 'ghurka', 'gurkhali'],
  ['ww2', 'wwii', 'world war'],
  // What a shopper calls the care kit's and the chakmak's purpose.
  ['sharpen', 'hone', 'whetstone', 'strop', 'sharpening stone'],
  ['army', 'military', 'service'],
  ['wedding', 'bihe'],
  ['silver', 'chandi'],
  ['machete', 'chopper'],
  ['horn', 'buffalo horn'],
];
