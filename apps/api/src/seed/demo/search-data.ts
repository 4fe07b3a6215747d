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

/**
 * The demo shop's related concepts: what a shopper searches by that its descriptions say in other words. A search for
 * one also finds the products described by the others, below those holding the search's own words.
 */
export const DEMO_CONCEPTS: string[][] = [
  ['trekking', 'hiking', 'outdoors', 'trail', 'campfire', 'camping', 'bushcraft', 'survival', 'jungle'],
  ['firewood', 'kindling', 'logs', 'split'],
  ['cooking', 'kitchen', 'chef', 'vegetables', 'meat', 'herbs', 'onions', 'slicing'],
  ['gift', 'present', 'honour', 'ceremonial', 'wedding'],
  ['display', 'wall', 'plaque', 'decoration', 'collector'],
  ['garden', 'farm', 'farmers', 'yard', 'brush', 'bamboo', 'cane'],
  ['hunting', 'skinning', 'game', 'bushcraft', 'field'],
];
