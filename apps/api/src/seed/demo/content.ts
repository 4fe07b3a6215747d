import type { RequestContext } from '../../lib/context.ts';
import { createAccount } from '../../modules/accounts/index.ts';
import { createPost, importComment } from '../../modules/blog/index.ts';
import { createContactInfo } from '../../modules/contact/index.ts';
import { storeImage } from '../../modules/media/index.ts';
import { createDocument, createFaq } from '../../modules/pages/index.ts';
import { type BannerPalette, renderBlogBanner } from './blog-images.ts';

const DAY = 86_400_000;

interface DemoPost {
  slug: string;
  title: string;
  daysAgo: number;
  palette: BannerPalette;
  content: string;
}

const POSTS: DemoPost[] = [
  {
    slug: 'history-of-the-khukuri',
    title: 'A Short History of the Khukuri',
    daysAgo: 42,
    palette: { skyTop: '#2b1d3a', skyBottom: '#d9825b', far: '#5b3a55', near: '#24182b', sun: '#f7c873' },
    content: `<p>The khukuri is older than the nation that made it famous. Blades with the same forward-curving shape
appear in the Kathmandu valley in the 13th century, and the oldest khukuri in a museum, kept in the National Museum
of Nepal, is said to have belonged to Drabya Shah, who founded the kingdom of Gorkha in 1559.</p>
<h2>From the farm to the regiment</h2>
<p>Before it was a weapon, the khukuri was a tool: every household in the hills used one to cut firewood, clear
trails, butcher meat and split bamboo. When the British East India Company met the Gorkhali army in the war of
1814–1816, they admired the soldiers' courage and the blade they carried. Gurkha regiments have carried the khukuri
ever since, through both World Wars and to this day.</p>
<h2>The notch and the shape</h2>
<p>Every khukuri has a small notch near the handle, the <em>cho</em>. Some say it stops blood reaching the grip,
others that it represents the trident of Shiva or a cow's hoof. Whatever its origin, a khukuri without it is not
a khukuri to a Nepali smith.</p>
<blockquote>“Better to die than to be a coward” — the motto of the Gurkhas, who carried the khukuri into every
battle.</blockquote>
<p>Today our smiths in Dharan still forge the blade the way their grandfathers did. Read
<a href="/blog/how-a-khukuri-is-forged">how a khukuri is forged</a> to follow one from leaf spring to finished
knife.</p>`,
  },
  {
    slug: 'khukuri-care-and-sharpening',
    title: 'Caring For and Sharpening Your Khukuri',
    daysAgo: 30,
    palette: { skyTop: '#0f2a3d', skyBottom: '#6fa3b8', far: '#2e5266', near: '#13222c', sun: '#e8f1f2' },
    content: `<p>A hand-forged khukuri will outlive its owner if it is looked after. Carbon steel takes a keener edge
than stainless steel, but it rusts when it is left wet.</p>
<h2>After every use</h2>
<ol>
<li>Wipe the blade clean and dry it completely, including the notch.</li>
<li>Rub on a thin coat of oil: mineral oil, gun oil or even cooking oil will do.</li>
<li>Store the knife out of its leather sheath for long periods: leather holds moisture.</li>
</ol>
<h2>Sharpening</h2>
<p>Every khukuri comes with two small tools in the sheath: the <strong>chakmak</strong>, a blunt steel for
honing the edge, and the <strong>karda</strong>, a small utility knife. For a quick touch-up, draw the chakmak
along the edge at about 20 degrees, from the handle to the tip, five times per side.</p>
<p>For a dull blade, use a medium (400 grit) then a fine (1000 grit) whetstone. Because the edge is curved, lift
the handle slightly as you move towards the belly so the stone meets the edge at the same angle all the way.</p>
<h2>The handle</h2>
<p>Rosewood and buffalo horn handles like a little oil or beeswax twice a year. Never leave a khukuri in a hot car
or next to a heater: horn can crack.</p>`,
  },
  {
    slug: 'how-a-khukuri-is-forged',
    title: 'From Leaf Spring to Blade: How a Khukuri Is Forged',
    daysAgo: 18,
    palette: { skyTop: '#3a1208', skyBottom: '#e0562b', far: '#6b2410', near: '#1e0905', sun: '#ffd27a' },
    content: `<p>Our smiths are Kami, the blacksmith caste of Nepal, and each khukuri takes a team of three about
two days.</p>
<h2>1. The steel</h2>
<p>We forge from recycled truck leaf springs: a high-carbon spring steel close to 5160, tough enough to bend
without snapping. The spring is cut to length and heated in a charcoal forge fanned by hand bellows.</p>
<h2>2. Shaping</h2>
<p>Two strikers and the master smith work the hot steel on the anvil, drawing out the tang, then the spine, then
the characteristic curve. The blade is heated and hammered more than thirty times.</p>
<h2>3. Hardening and tempering</h2>
<p>The edge alone is quenched, with water poured along it from a small pot while the spine stays soft. The result
is a hard edge that holds its sharpness and a spine that absorbs shock: a differential temper you can see as a
line on the polished blade.</p>
<h2>4. Handle and sheath</h2>
<p>The tang is heated and burned into the rosewood or horn handle, then set with lac resin. The wooden sheath is
wrapped in buffalo leather and fitted with the chakmak and karda.</p>
<table>
<thead><tr><th scope="col">Stage</th><th scope="col">Time</th></tr></thead>
<tbody><tr><td>Forging</td><td>6 hours</td></tr><tr><td>Tempering and grinding</td><td>4 hours</td></tr>
<tr><td>Handle and sheath</td><td>8 hours</td></tr></tbody>
</table>`,
  },
  {
    slug: 'choosing-your-first-khukuri',
    title: 'Choosing Your First Khukuri',
    daysAgo: 7,
    palette: { skyTop: '#1c3b2a', skyBottom: '#a7c49a', far: '#3f6b4f', near: '#14251a', sun: '#f3e9c6' },
    content: `<p>There are dozens of khukuri patterns. Here is how to choose the first one.</p>
<h2>What will you use it for?</h2>
<ul>
<li><strong>Camping and trail work:</strong> a 10 to 12 inch blade, such as the <em>Bhojpure</em>, chops well
and still fits in a pack.</li>
<li><strong>Heavy chopping:</strong> a 13 inch <em>Sirupate</em> or a broad <em>Angkhola</em> does the work of
a small axe.</li>
<li><strong>Collection or gift:</strong> the <em>Service No. 1</em> is the pattern issued to Gurkha soldiers,
with a brass-fitted sheath.</li>
</ul>
<h2>Weight and balance</h2>
<p>A heavier blade chops better but tires the arm. Most people are happiest between 550 and 750 grams. Hold the
knife by the handle and rest the spine on a finger: the balance point should sit a hand's width in front of
the bolster.</p>
<h2>Handle</h2>
<p>Rosewood is warm and grippy; buffalo horn is beautiful and hard-wearing. Both are traditional.</p>
<p>Still unsure? <a href="/contact">Write to us</a> and tell us what you plan to do with it.</p>`,
  },
];

const DRAFT: DemoPost = {
  slug: 'winter-workshop-diary',
  title: 'Winter Workshop Diary (draft)',
  daysAgo: 0,
  palette: { skyTop: '#1d2433', skyBottom: '#8d99ae', far: '#4a5568', near: '#1a202c', sun: '#edf2f7' },
  content: '<p>Notes from the forge, not ready yet.</p>',
};

async function seedBlog(ctx: RequestContext): Promise<void> {
  // The demo authors and commenters have no password: nobody can sign in as them.
  const user = (email: string, username: string, displayName: string, role: 'customer' | 'staff' = 'customer') =>
    createAccount(ctx, { email, username, password: null, role, displayName });
  const author = await user('bir.bishwakarma@khukuri-house.example', 'bir.bishwakarma', 'Bir B.', 'staff');
  const sarah = await user('sarah.mitchell@example.net', 'sarah_m', 'Sarah M.');
  const tom = await user('tom.hartley@example.net', 'tomhartley', 'Tom H.');
  const pemba = await user('pemba.sherpa@example.net', 'pemba', 'Pemba S.');

  const now = Date.now();
  const posts = [];
  for (const [index, post] of [...POSTS, DRAFT].entries()) {
    // Through the media pipeline: validated, re-encoded, stored with a thumbnail and recorded.
    const image = await storeImage(ctx, { bytes: await renderBlogBanner(post.palette, index), feature: 'blog' });
    const isDraft = post === DRAFT;
    posts.push(
      await createPost(ctx, {
        slug: post.slug,
        title: post.title,
        content: post.content,
        featuredImage: image.imageKey,
        status: isDraft ? 'draft' : 'published',
        publishedAt: isDraft ? null : new Date(now - post.daysAgo * DAY),
        authorId: author.id,
      }),
    );
  }
  const [history, care, forging] = posts;
  if (!history || !care || !forging) return;

  let minutes = 0;
  const comment = (
    postId: number,
    userId: number,
    content: string,
    parentId: number | null = null,
    isApproved = true,
  ) => {
    minutes += 90;
    return importComment(ctx, {
      postId,
      userId,
      parentId,
      content,
      isApproved,
      createdAt: new Date(now - 6 * DAY + minutes * 60_000),
    });
  };
  const question = await comment(
    history.id,
    sarah.id,
    'I never knew the notch had so many explanations. Which one do your smiths believe?',
  );
  const answer = await comment(
    history.id,
    author.id,
    'Most of ours say it is the mark of Shiva, but every family tells it a little differently!',
    question.id,
  );
  await comment(history.id, pemba.id, 'My grandfather said the same. Great article.', answer.id);
  await comment(history.id, tom.id, 'My father carried one in the 2nd Battalion. Brought back memories.');
  const oil = await comment(care.id, tom.id, 'Is olive oil fine or will it go sticky over time?');
  await comment(
    care.id,
    author.id,
    'It works for a few weeks, but it can go tacky. Mineral oil or camellia oil is better for storage.',
    oil.id,
  );
  await comment(care.id, sarah.id, 'Bought cheap pills here, click http://spam.example', null, false);
  await comment(forging.id, pemba.id, 'Watched this being done in Dharan last year. The noise of three hammers!');
}

async function seedContact(ctx: RequestContext): Promise<void> {
  await createContactInfo(ctx, {
    branches: [
      {
        name: 'Dharan Forge & Head Office',
        isHq: true,
        address: 'Bhanu Chowk, Dharan-8, Sunsari, Koshi Province, Nepal',
        phoneNumber: '+977 25 520 147',
        mapLocationUrl: 'https://www.openstreetmap.org/?mlat=26.8125&mlon=87.2836#map=17/26.8125/87.2836',
        position: 1,
      },
      {
        name: 'Thamel Showroom',
        isHq: false,
        address: 'Chaksibari Marg, Thamel, Kathmandu 44600, Nepal',
        phoneNumber: '+977 1 470 1234',
        mapLocationUrl: 'https://www.openstreetmap.org/?mlat=27.7154&mlon=85.3123#map=18/27.7154/85.3123',
        position: 2,
      },
    ],
    emails: [
      { purpose: 'Sales & custom orders', emailAddress: 'sales@khukuri-house.example', position: 1 },
      { purpose: 'Customer support', emailAddress: 'support@khukuri-house.example', position: 2 },
    ],
    socialProfiles: [
      { platform: 'facebook', link: 'https://www.facebook.com/himalayankhukurihouse', position: 1 },
      { platform: 'instagram', link: 'https://www.instagram.com/himalayankhukurihouse', position: 2 },
      { platform: 'youtube', link: 'https://www.youtube.com/@himalayankhukurihouse', position: 3 },
    ],
  });
}

const FAQS: { question: string; answer: string }[] = [
  {
    question: 'Do you ship outside Nepal?',
    answer:
      '<p>Yes. We ship worldwide with DHL Express, usually within <strong>5 to 9 working days</strong> of dispatch. ' +
      'Every parcel is tracked and insured.</p>',
  },
  {
    question: 'Will I have to pay customs duties?',
    answer:
      '<p>Import duties and taxes are set by your country and paid by the buyer on delivery. In the EU and the UK ' +
      'expect VAT plus a small handling fee; in the US, knives under $800 usually enter duty-free.</p>',
  },
  {
    question: 'Is it legal to own a khukuri in my country?',
    answer:
      '<p>In most countries owning a khukuri at home is legal, but <em>carrying</em> one in public often is not. ' +
      'Some countries (for example Australia and parts of the EU) restrict imports of large blades. Please check ' +
      'your local knife laws before ordering: we cannot refund parcels seized by customs.</p>',
  },
  {
    question: 'How do I look after the blade?',
    answer:
      '<p>Keep it dry and lightly oiled, and do not store it in the leather sheath for long periods. Our ' +
      '<a href="/blog/khukuri-care-and-sharpening">care and sharpening guide</a> explains everything.</p>',
  },
  {
    question: 'Can I return a khukuri?',
    answer:
      '<p>Unused knives can be returned within <strong>30 days</strong> of delivery for a full refund of the item ' +
      'price. See our <a href="/refund-policy">refund policy</a> for the details.</p>',
  },
  {
    question: 'Do you engrave blades?',
    answer:
      '<p>Yes. We hand-engrave names, dates or regimental badges on the blade for $15. Add your text in the ' +
      'customization field when you add the knife to your cart; engraved knives cannot be returned.</p>',
  },
  {
    question: 'Which payment methods do you accept?',
    answer:
      '<ul><li>Credit and debit cards (Visa, Mastercard, JCB, UnionPay)</li><li>Bank transfer</li>' +
      '<li>PayPal on request</li></ul>',
  },
  {
    question: 'Are your khukuris really hand-forged?',
    answer:
      '<p>Every blade is forged by hand in our Dharan workshop from recycled leaf-spring steel. No two are exactly ' +
      'alike, and each carries the mark of the smith who made it.</p>',
  },
  {
    question: 'Can I order a custom khukuri?',
    answer:
      '<p>We take custom orders for blade length, handle material and sheath. Write to ' +
      '<a href="mailto:sales@khukuri-house.example">sales@khukuri-house.example</a>; custom knives take about ' +
      'four weeks.</p>',
  },
];

const REFUND_POLICY = `<h2>Refund Policy</h2>
<p>We want you to be happy with your khukuri. If you are not, you may return it under the conditions below.</p>
<h3>Your right to withdraw within 14 days</h3>
<p>If you live in the European Union, you may withdraw from your purchase within <strong>14 days</strong> without
giving any reason. The period ends 14 days after the day you (or someone you name) receive the goods; for an order
not yet shipped it runs from the day of the order.</p>
<ul>
<li>Use <a href="/withdrawal">Withdraw from contract here</a>, linked at the foot of every page and on each order
page while the period runs. You need no account: the order number and the e-mail address of the order are enough.
Choose the whole order or some items, then confirm. We e-mail a receipt at once, with the date and time of your
withdrawal.</li>
<li>Send the goods back within 14 days of your withdrawal, to the address in the receipt: Himalayan Khukuri House,
Bhanu Chowk 12, Dharan 56700, Koshi Province, Nepal. You pay the cost of sending them back.</li>
<li>We refund what you paid, including the standard delivery when you withdraw from the whole order, within 14 days
of receiving your withdrawal, by the means you paid with. We may wait until the goods are back with us or you show
that you sent them.</li>
<li>Knives engraved or made to your specification are not covered by the right of withdrawal.</li>
</ul>
<h3>Returns within 30 days</h3>
<ul>
<li>You may return any unused item within <strong>30 days</strong> of delivery.</li>
<li>The knife must be unsharpened, unused and in its original sheath and packaging.</li>
<li>Engraved and custom-made knives cannot be returned unless they arrive faulty.</li>
</ul>
<h3>How to return</h3>
<ol>
<li>Write to <a href="mailto:support@khukuri-house.example">support@khukuri-house.example</a> with your order number.</li>
<li>We send you the return address and instructions for shipping a blade safely.</li>
<li>Once we receive and inspect the knife, we refund the item price to your original payment method within
10 working days.</li>
</ol>
<h3>Shipping costs</h3>
<p>Return shipping is paid by the buyer unless the item arrived damaged or faulty. Original shipping charges,
customs duties and taxes are not refundable.</p>
<h3>Damaged or faulty items</h3>
<p>If your knife arrives damaged, send us photographs within 7 days of delivery and we will replace it or refund
it in full, including shipping.</p>`;

const PRIVACY_POLICY = `<h2>Privacy Policy</h2>
<p>Himalayan Khukuri House ("we") respects your privacy. This policy explains what we collect and why.</p>
<h3>What we collect</h3>
<ul>
<li><strong>Account data:</strong> your e-mail address and a securely hashed password.</li>
<li><strong>Order data:</strong> your name, delivery address, telephone number and the items you buy.</li>
<li><strong>Messages:</strong> what you send us through the contact form or the blog comments.</li>
</ul>
<h3>How we use it</h3>
<p>We use your data only to run your account, deliver your orders, answer your messages and meet our legal
obligations. We never sell your data.</p>
<h3>Payments</h3>
<p>Card payments are processed by our payment provider; we never see or store your full card number.</p>
<h3>Who we share it with</h3>
<p>Only the carriers that deliver your parcel and the payment provider that processes your payment receive the
data they need to do so.</p>
<h3>How long we keep it</h3>
<p>Order records are kept for seven years for accounting. You may ask us to delete your account at any time.</p>
<h3>Your rights</h3>
<p>You may ask for a copy of your data, its correction or its deletion by writing to
<a href="mailto:support@khukuri-house.example">support@khukuri-house.example</a>.</p>`;

async function seedPages(ctx: RequestContext): Promise<void> {
  for (const [index, faq] of FAQS.entries()) await createFaq(ctx, { ...faq, position: index + 1 });
  await createDocument(ctx, { documentType: 'refund_policy', title: 'Refund Policy', content: REFUND_POLICY });
  await createDocument(ctx, { documentType: 'privacy_policy', title: 'Privacy Policy', content: PRIVACY_POLICY });
}

/** The demo shop's blog (with comments and a draft), contact information, FAQs and policies. */
export async function seedContent(ctx: RequestContext): Promise<void> {
  await seedBlog(ctx);
  await seedContact(ctx);
  await seedPages(ctx);
}
