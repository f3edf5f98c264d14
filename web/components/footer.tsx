import { Link } from '@tanstack/react-router'
import { useSession } from '#web/lib/session.ts'

export function Footer() {
  // The same session the navbar reads: a signed-in person is not offered Login.
  const session = useSession()
  return (
    <footer className="bg-ink text-slate-300">
      <div className="container-page grid gap-8 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-extrabold text-white">Toolhaus</p>
          <p className="mt-2 text-sm">
            Professional power tools, made in Bangladesh and trusted by workshops since 1992.
          </p>
        </div>
        <FooterColumn title="Shop">
          <Link to="/service">All tools</Link>
          <Link to="/" hash="newest">
            Newest product
          </Link>
          <Link to="/" hash="reviews">
            Customer reviews
          </Link>
        </FooterColumn>
        <FooterColumn title="Company">
          <Link to="/portfolio">Portfolio</Link>
          <Link to="/blogs">Blogs</Link>
          <Link to="/" hash="contact">
            Contact us
          </Link>
        </FooterColumn>
        <FooterColumn title="Account">
          {session.status === 'signedIn' ? (
            <>
              <Link to="/dashboard">Dashboard</Link>
              <Link to="/dashboard/order">My orders</Link>
            </>
          ) : (
            session.status === 'signedOut' && (
              <>
                <Link to="/login">Login</Link>
                <Link to="/signup">Create an account</Link>
              </>
            )
          )}
        </FooterColumn>
      </div>
      <p className="border-t border-white/10 py-4 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} Toolhaus Ltd. All rights reserved.
      </p>
    </footer>
  )
}

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <p className="text-sm font-semibold uppercase tracking-wide text-white">{title}</p>
      <div className="mt-3 flex flex-col gap-2 text-sm [&_a:hover]:text-brand-400 [&_a]:underline-offset-4">
        {children}
      </div>
    </div>
  )
}
