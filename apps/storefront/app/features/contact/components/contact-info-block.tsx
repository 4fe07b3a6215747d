import type { ContactInfo } from '@platform/contracts';

/** Our Locations, Email Us and Connect With Us (spec /contact). */
export function ContactInfoBlock({ info }: { info: ContactInfo | null }) {
  if (
    !info ||
    (!info.email &&
      info.branch_locations.length === 0 &&
      info.contact_emails.length === 0 &&
      info.social_media_profiles.length === 0)
  )
    return <p className="empty-state">Contact information is currently unavailable.</p>;
  // The shop's own address first (the one its invoices print and its e-mails take replies at), then by purpose.
  const emails = [
    ...(info.email && !info.contact_emails.some((email) => email.email_address === info.email)
      ? [{ id: 0, purpose: 'General enquiries', email_address: info.email }]
      : []),
    ...info.contact_emails,
  ];
  return (
    <div className="contact-info">
      {info.branch_locations.length > 0 && (
        <section>
          <h2>Our Locations</h2>
          <ul className="contact-info__list">
            {info.branch_locations.map((branch) => (
              <li key={branch.id} className="contact-branch">
                <h3>
                  {branch.name} {branch.is_hq && <span className="contact-branch__hq">HQ</span>}
                </h3>
                {branch.address && <p>{branch.address}</p>}
                {branch.phone_number && (
                  <p>
                    <a href={`tel:${branch.phone_number.replace(/\s+/g, '')}`}>{branch.phone_number}</a>
                  </p>
                )}
                {branch.map_location_url && (
                  <a href={branch.map_location_url} target="_blank" rel="noopener noreferrer">
                    View on Map →
                  </a>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {emails.length > 0 && (
        <section>
          <h2>Email Us</h2>
          <ul className="contact-info__list">
            {emails.map((email) => (
              <li key={email.id}>
                <strong>{email.purpose}:</strong> <a href={`mailto:${email.email_address}`}>{email.email_address}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {info.social_media_profiles.length > 0 && (
        <section>
          <h2>Connect With Us</h2>
          <ul className="contact-info__social">
            {info.social_media_profiles.map((profile) => (
              <li key={profile.id}>
                <a href={profile.link} target="_blank" rel="noopener noreferrer">
                  {profile.platform_display}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
