export type Article = {
  slug: string
  question: string
  summary: string
  body: string[]
}

export const articles: Article[] = [
  {
    slug: 'how-does-prototypal-inheritance-work-in-javascript',
    question: 'How does prototypal inheritance work in JavaScript?',
    summary:
      'Objects in JavaScript inherit directly from other objects through a hidden prototype link. Property lookups walk that chain until they find a match or reach null.',
    body: [
      'Every JavaScript object has an internal link to another object called its prototype. The specification calls this link `[[Prototype]]`. You can read it with `Object.getPrototypeOf(obj)`, and you will also see it exposed as the legacy `__proto__` accessor. The prototype is an ordinary object, so it has a prototype of its own. Following these links gives you the prototype chain, which ends at `null`. For most objects the last stop before `null` is `Object.prototype`.',
      "When you read a property such as `obj.name`, the engine first looks for an own property called `name` on `obj`. If it does not find one, it repeats the search on the prototype, then on the prototype's prototype, and so on until it finds the property or reaches the end of the chain and returns `undefined`. This is why an empty array can call `push` or `map`: those methods are not on the array itself but on `Array.prototype`, which every array inherits from.",
      'Writing works differently from reading. Assigning `obj.name = "x"` normally creates or updates an own property on `obj` and does not change the prototype. The new own property then shadows any property with the same name further up the chain. The exceptions are setters and non-writable properties: if an object up the chain defines a setter for that name, the setter runs; if it defines the name as read-only, the assignment is ignored, or throws in strict mode.',
      "There are several ways to set up the link. `Object.create(proto)` makes a new object whose prototype is `proto`. A constructor function called with `new` creates an object whose prototype is the function's `prototype` property, so methods placed on `Person.prototype` are shared by every instance created with `new Person()`. `Object.setPrototypeOf` can change the link after creation, but engines optimise poorly around this, so avoid it in hot code.",
      'The `class` syntax introduced in ES2015 is built on the same mechanism. `class Dog extends Animal` sets `Dog.prototype` to inherit from `Animal.prototype`, and also makes the `Dog` constructor inherit from `Animal` so that static methods are inherited too. Methods declared in the class body end up on `Dog.prototype`, and `super.method()` is a lookup that starts one level up the chain. Classes add conveniences and some safety checks, such as requiring `new`, but there is still no copying of members from parent to child.',
      'Because inheritance is a live link rather than a copy, adding a method to a prototype makes it available to every existing object that inherits from it. This is powerful, but it is also why modifying built-in prototypes such as `Array.prototype` is discouraged: it affects every array in the program and can clash with future language features. To tell own properties apart from inherited ones, use `Object.hasOwn(obj, key)`. `Object.keys` returns only own enumerable properties, while a `for...in` loop also visits inherited enumerable ones.',
    ],
  },
  {
    slug: 'what-are-unit-tests-and-why-write-them',
    question: 'What are unit tests and why should you write them?',
    summary:
      'A unit test is a small, automated check that one piece of code behaves as intended in isolation. A good suite catches regressions early, documents behaviour and makes refactoring safe.',
    body: [
      'A unit test is a short program that exercises a small piece of your code, usually a single function, method or module, and checks the result against an expectation. A typical test arranges some input, acts by calling the code under test, and asserts on the output or on an observable side effect. In JavaScript this often looks like `expect(formatPrice(125000)).toBe("1,250.00")` inside a `test` or `it` block, run by a framework such as Vitest, Jest or the built-in `node:test` runner.',
      'The word "unit" is about isolation. A unit test should not depend on a real network, a shared database or the system clock, because those make tests slow and flaky. Dependencies are replaced with simple fakes, stubs or in-memory versions, or the code is structured so that pure logic sits apart from input and output. Tests that exercise several real components together are integration tests, and tests that drive the whole application the way a user would are end-to-end tests. A healthy project has many fast unit tests, fewer integration tests and a handful of end-to-end tests.',
      'The most immediate benefit is catching regressions. When a change breaks existing behaviour, a failing test tells you within seconds, with the exact input that fails, instead of a customer telling you weeks later. Because unit tests are fast, you can run them on every save and in continuous integration on every pull request, so problems are found while the change is still fresh in your mind.',
      'Tests also make refactoring safe. Without them, restructuring code is a gamble, so teams tend to leave messy code alone and it gets worse over time. With a solid suite you can rename, split and simplify freely, because the tests confirm that behaviour did not change. This only works if tests check behaviour through public interfaces rather than private implementation details; tests that are tightly coupled to internals break on every refactor and discourage the very changes they should support.',
      'Well-named tests are also documentation that cannot go out of date. A test called "rejects an order below the minimum quantity" explains a business rule more precisely than a comment, and it fails loudly if the rule stops holding. Writing tests also shapes design: code that is hard to test usually has too many responsibilities or hidden dependencies, and making it testable tends to make it simpler.',
      'Unit tests are not free and not a proof of correctness. They take time to write and maintain, and they only check the cases you thought of. Focus them on logic that is complex, business-critical or easy to break, such as calculations, validation, parsing and state transitions, and cover edge cases like empty input, boundaries and error paths. Do not chase a coverage percentage for its own sake. A smaller suite of meaningful, reliable tests is worth far more than a large one full of trivial assertions.',
    ],
  },
  {
    slug: 'ways-to-manage-state-in-a-react-application',
    question: 'What are the different ways to manage state in a React application?',
    summary:
      'React state ranges from local component state to context, external stores, server-state caches, the URL and forms. Picking the right home for each kind of state keeps an app simple.',
    body: [
      'The simplest option is local component state with `useState` or `useReducer`. Anything that only one component cares about, such as whether a dropdown is open or the current value of an input, belongs here. `useReducer` helps when the next state depends on the previous one in several different ways, because it gathers the update logic into one pure function. When two siblings need the same value, lift the state up to their closest common parent and pass it down as props.',
      'When many components at different depths need the same value, passing props through every level becomes tedious. React Context solves this by letting a provider expose a value that any descendant can read with `useContext`. Context suits values that change rarely, such as the current theme, locale or signed-in user. Every consumer re-renders when the provided value changes, so putting fast-changing data in a single large context can hurt performance; splitting it into several smaller contexts helps.',
      'For complex client-side state shared across the app, many teams use an external store such as Redux Toolkit, Zustand, Jotai or MobX. These keep state outside the React tree, let components subscribe to just the slice they need, and offer developer tools for inspecting changes. They are most useful when a lot of interconnected client state changes often; for small apps they are usually unnecessary.',
      'A large share of what people call state is really server state: data that lives on a backend and is only cached in the browser, such as product lists, orders and user profiles. Libraries like TanStack Query, SWR, or RTK Query handle fetching, caching, deduplication, background refetching and invalidation after mutations. Moving server data into one of these tools often removes most of what a global store was doing, leaving very little true client state.',
      'The URL is also state. Search terms, filters, the current page and the selected tab often belong in the path or query string, because then they survive a reload, work with the back button and can be shared as a link. Routers such as TanStack Router and React Router provide typed access to path and search parameters, so they can be treated as a first-class source of state.',
      'Forms have their own needs, including values, validation errors, and touched and submitting flags. Libraries like React Hook Form manage this efficiently with uncontrolled inputs and integrate with schema validators such as zod. A practical rule of thumb is to keep state as close as possible to where it is used, derive values instead of storing copies of them, and move state to a wider scope only when a real need appears.',
    ],
  },
  {
    slug: 'why-not-set-state-directly-in-react',
    question: 'Why should you not set state directly in React?',
    summary:
      "Mutating state directly bypasses React's update mechanism, so the UI does not re-render reliably and optimisations that rely on reference equality break. Always produce new values through the state setter.",
    body: [
      "In React, state is read-only from the component's point of view. You change it by calling the setter returned from `useState`, or `this.setState` in class components, and React then schedules a re-render with the new value. If you instead write `state.count = 5` or `this.state.items.push(item)`, React is never told that anything changed, so it does not re-render. The screen keeps showing old data until some unrelated update happens to trigger a render, which produces confusing, intermittent bugs.",
      'Even when you do call the setter, mutating the existing object first causes problems. React compares the old and new state with `Object.is`. If you push into an array and then pass the same array to `setItems`, the reference has not changed, so React may skip the update entirely. The same reference check drives `React.memo`, `useMemo`, `useEffect` dependency arrays and selector-based stores, so a mutated object can leave memoised children and effects stale.',
      'Treating state as immutable means creating a new value for every change. Use spread syntax to copy objects, for example `setUser({ ...user, name })`, and non-mutating array methods such as `map`, `filter` and `concat`, or the newer `toSorted` and `toSpliced`, instead of `push`, `splice` and `sort`. For deeply nested data this gets verbose, and a helper like Immer lets you write mutation-style code that actually produces a new immutable copy.',
      'State updates are also not applied immediately. React batches them and applies them on the next render, so reading a state variable straight after calling its setter still returns the old value. When the new state depends on the previous one, pass an updater function, as in `setCount(c => c + 1)`, so that several queued updates compose correctly instead of overwriting each other.',
      'Immutability brings further benefits beyond correctness. Because each render captures its own snapshot of state, event handlers and effects see consistent values, and features such as concurrent rendering, transitions and Strict Mode double-invocation behave predictably. Keeping previous versions of state untouched also makes undo and redo, time-travel debugging and change detection simple and cheap.',
    ],
  },
  {
    slug: 'how-to-make-a-react-application-fast',
    question: 'How can you make a React application fast?',
    summary:
      'Measure first, then ship less JavaScript, avoid unnecessary re-renders, virtualise long lists, fetch data efficiently and optimise assets. Most wins come from doing less work, not clever tricks.',
    body: [
      "Start by measuring, not guessing. The React DevTools Profiler shows which components render, how often and how long each render takes, and the browser's Performance panel and Lighthouse reveal slow scripts, layout work and network waterfalls. Test on a mid-range phone with a throttled connection, because a fast laptop hides most problems. Track the Core Web Vitals, namely Largest Contentful Paint, Interaction to Next Paint and Cumulative Layout Shift, so you know whether a change actually helped.",
      'Ship less JavaScript. Split code by route with `React.lazy` and dynamic `import()` so that users download only what the current page needs, and keep heavy libraries such as charting or rich-text editors out of the initial bundle. Check bundle size regularly with a visualiser, remove unused dependencies and prefer small, tree-shakeable packages. Every kilobyte of script has to be downloaded, parsed and executed before the page becomes interactive.',
      'Avoid unnecessary re-renders. Keep state as local as possible so that an update re-renders a small subtree rather than the whole app, and split large contexts so that consumers only update when the data they use changes. Where profiling shows an expensive component re-rendering with the same props, wrap it in `React.memo` and stabilise the props it receives with `useMemo` and `useCallback`. The React Compiler can apply much of this memoisation automatically, but it still pays to keep components small and state well placed.',
      'Render less at once. Long lists and big tables should be virtualised with a library such as TanStack Virtual or react-window, so that only the rows on screen exist in the DOM. For updates that are costly but not urgent, such as filtering a big list while typing, use `useTransition` or `useDeferredValue` to keep input responsive while React prepares the slower update in the background.',
      'Make data loading efficient. Avoid request waterfalls, where a child only starts fetching after its parent has finished, by loading data at the route level or in parallel. Cache server data with a library like TanStack Query so that revisiting a page is instant, prefetch likely next pages on hover or intent, and paginate large result sets. Server-side rendering or static generation can also put meaningful content on screen before the JavaScript has loaded.',
      'Finally, optimise assets and delivery. Serve images in modern formats like WebP or AVIF at the size they are displayed, give them explicit width and height to prevent layout shift, and lazy-load those below the fold. Use a CDN with long-lived caching for hashed static files, enable compression, and preload critical fonts. Always use the production build, because development builds include extra checks that make React much slower.',
    ],
  },
]
