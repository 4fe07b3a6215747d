import { regex } from 'react-admin';

/** A web address field: http or https only. */
export const httpUrl = regex(/^https?:\/\/\S+$/i, 'Enter an address starting with http:// or https://.');
