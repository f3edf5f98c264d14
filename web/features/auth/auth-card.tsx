import type { ReactNode } from 'react'

export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer: ReactNode }) {
  return (
    <div className="container-page flex justify-center py-12">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <div className="mt-6">{children}</div>
        <div className="mt-6 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500" aria-hidden="true">
          <span className="h-px flex-1 bg-slate-200" /> or <span className="h-px flex-1 bg-slate-200" />
        </div>
        <div className="mt-6 text-center text-sm text-slate-700">{footer}</div>
      </div>
    </div>
  )
}
