// The owner's journeys through the second half of the administration's menu (customers, staff, content and
// settings), on a desktop and on a phone (admin-journeys.ts).
import { journeysThrough, PEOPLE_CONTENT_AND_SETTINGS } from './admin-journeys.ts';

journeysThrough(PEOPLE_CONTENT_AND_SETTINGS);
