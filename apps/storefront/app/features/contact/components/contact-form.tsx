import { CONTACT_LIMITS } from '@platform/contracts';
import { type FormEvent, useState } from 'react';
import { FormMessage, useSubmission } from '../../../components/form-message.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { browserApi } from '../../../lib/browser-api.ts';
import { type ContactMessageInput, sendContactMessage, validateContactForm } from '../api/contact.ts';

const EMPTY: ContactMessageInput = { name: '', email: '', phone_number: '', subject: '', message: '', website: '' };
const SUCCESS = 'Thank you for your message! We will get back to you soon.';
const SEND_FALLBACK = 'Failed to send message. Please try again later.';

// Spec section 8: the detail, else the JSON text of an object body, else the message, else the fallback.
const sendFailureText = (error: unknown) => errorText(error, SEND_FALLBACK, { body: true });

const FIELDS: { name: keyof ContactMessageInput; label: string; type?: string; multiline?: boolean }[] = [
  { name: 'name', label: 'Name' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'phone_number', label: 'Phone Number (optional)', type: 'tel' },
  { name: 'subject', label: 'Subject' },
  { name: 'message', label: 'Message', multiline: true },
];

/** The 'Send us a Message' form (spec /contact, sections 5 and 8). */
export function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const { outcome, setOutcome, submitting: sending, submit: send } = useSubmission();

  function submit(event: FormEvent) {
    event.preventDefault();
    const errors = validateContactForm(values);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return setOutcome(null);
    void send(async () => {
      await sendContactMessage(browserApi(), values);
      setValues(EMPTY);
      return SUCCESS;
    }, sendFailureText);
  }

  return (
    <form className="contact-form" onSubmit={submit} noValidate aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send us a Message</h2>
      {FIELDS.map((field) => {
        const id = `contact-${field.name}`;
        const props = {
          id,
          name: field.name,
          value: values[field.name],
          maxLength: CONTACT_LIMITS[field.name as keyof typeof CONTACT_LIMITS],
          'aria-invalid': Boolean(fieldErrors[field.name]),
          'aria-describedby': fieldErrors[field.name] ? `${id}-error` : undefined,
          onChange: (event: { target: { value: string } }) =>
            setValues((current) => ({ ...current, [field.name]: event.target.value })),
        };
        return (
          <div className="form-field" key={field.name}>
            <label htmlFor={id}>{field.label}</label>
            {field.multiline ? <textarea rows={6} {...props} /> : <input type={field.type ?? 'text'} {...props} />}
            {fieldErrors[field.name] && (
              <p className="form-field__error" id={`${id}-error`}>
                {fieldErrors[field.name]}
              </p>
            )}
          </div>
        );
      })}
      {/* Honeypot: hidden from people and assistive technology; a bot that fills it is dropped by the API. */}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input
          id="contact-website"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(event) => setValues((current) => ({ ...current, website: event.target.value }))}
        />
      </div>
      <FormMessage outcome={outcome} />
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
