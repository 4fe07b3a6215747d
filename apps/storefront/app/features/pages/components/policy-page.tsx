import { ErrorBox } from '../../../components/error-box.tsx';
import { RichText } from '../../../components/rich-text.tsx';
import type { PolicyData } from '../api/pages.ts';

/** A policy document page (spec /refund-policy, /privacy-policy). */
export function PolicyPage({ title, data }: { title: string; data: PolicyData }) {
  return (
    <section className="container page policy">
      <h1 className="visually-hidden">{title}</h1>
      {data.document ? (
        <RichText className="rich-text" html={data.document.content} />
      ) : (
        <ErrorBox>{data.error}</ErrorBox>
      )}
    </section>
  );
}
