// A stand-in for https://apis.google.com/js/api.js, served to the browser by e2e/google.spec.ts
// through Playwright's route(), because Google's script cannot load offline.
//
// It implements only the part of `gapi.iframes` that Firebase Auth uses, with real postMessage:
//  - in the app page (Firebase's browserPopupRedirectResolver): gapi.load('gapi.iframes'),
//    getContext().open({ where, url, attributes }, onOpen) and, on the opened iframe,
//    restyle(), ping(), register() and send();
//  - in the Auth emulator's helper iframe (/emulator/auth/iframe, which loads this same script):
//    window.gapi_onload, getContext().getParentIframe(), register() and send().
// A request is { type, data } and gets back the array of its handler's results, as gapi does.
// Requests for a type nobody registered yet are kept until a handler is registered.
;(function () {
  var MARK = '__gapiStandIn'

  /** One end of a postMessage channel to `peer`, a window at `origin`. */
  function Channel(peer, origin) {
    this.peer = peer
    this.origin = origin
    this.handlers = {}
    this.queued = []
    this.pending = {}
    this.nextId = 1
    this.ready = false
    this.onReady = []
  }
  Channel.prototype.post = function (message) {
    message[MARK] = true
    this.peer.postMessage(message, this.origin)
  }
  Channel.prototype.receive = function (message) {
    var self = this
    if (message.kind === 'hello') {
      this.ready = true
      this.onReady.splice(0).forEach(function (fn) {
        fn()
      })
    } else if (message.kind === 'request') {
      if (!this.handlers[message.type]) return this.queued.push(message)
      var result
      try {
        result = this.handlers[message.type](message.data)
      } catch (error) {
        result = { status: 'ERROR', error: String(error) }
      }
      Promise.resolve(result).then(function (value) {
        self.post({ kind: 'response', id: message.id, results: [value === undefined ? null : value] })
      })
    } else if (message.kind === 'response') {
      var callback = this.pending[message.id]
      delete this.pending[message.id]
      if (callback) {
        // Like gapi, an exception in a caller's callback stays there (Firebase's
        // webStorageSupport callback throws on purpose after it has answered).
        try {
          callback(message.results)
        } catch (_) {}
      }
    }
  }
  Channel.prototype.whenReady = function () {
    var self = this
    return new Promise(function (resolve) {
      if (self.ready) resolve()
      else self.onReady.push(resolve)
    })
  }

  /** What gapi calls an Iframe: the app's handle on the helper iframe, or the helper's on its parent. */
  function Iframe(channel) {
    this.channel = channel
  }
  Iframe.prototype.register = function (type, handler) {
    var channel = this.channel
    channel.handlers[type] = handler
    var waiting = channel.queued.filter(function (m) {
      return m.type === type
    })
    channel.queued = channel.queued.filter(function (m) {
      return m.type !== type
    })
    waiting.forEach(function (m) {
      channel.receive(m)
    })
  }
  Iframe.prototype.send = function (type, data, callback) {
    var channel = this.channel
    channel.whenReady().then(function () {
      var id = channel.nextId++
      if (callback) channel.pending[id] = callback
      channel.post({ kind: 'request', id: id, type: type, data: data })
    })
  }
  /** Resolves once the script inside the iframe has answered (its `hello`). */
  Iframe.prototype.ping = function (callback) {
    return this.channel.whenReady().then(function () {
      if (callback) callback()
      return []
    })
  }
  Iframe.prototype.restyle = function (_style, callback) {
    if (callback) callback()
    return Promise.resolve([])
  }

  var channels = []
  window.addEventListener('message', function (event) {
    var message = event.data
    if (!message || typeof message !== 'object' || !message[MARK]) return
    channels.forEach(function (channel) {
      if (event.source === channel.peer && (channel.origin === '*' || event.origin === channel.origin))
        channel.receive(message)
    })
  })

  var parentIframe = null
  var context = {
    /** Opens an iframe at options.url inside options.where; resolves with what onOpen resolves. */
    open: function (options, onOpen) {
      var element = document.createElement('iframe')
      var attributes = options.attributes || {}
      Object.keys(attributes).forEach(function (name) {
        if (name === 'style') Object.assign(element.style, attributes.style)
        else element.setAttribute(name, attributes[name])
      })
      element.src = options.url
      ;(options.where || document.body).appendChild(element)
      var channel = new Channel(element.contentWindow, new URL(options.url, location.href).origin)
      channels.push(channel)
      var iframe = new Iframe(channel)
      return Promise.resolve(onOpen ? onOpen(iframe) : undefined).then(function (value) {
        return value === undefined ? iframe : value
      })
    },
    /** Inside an iframe: the handle on the page that embeds it. */
    getParentIframe: function () {
      return parentIframe
    },
  }

  var gapi = (window.gapi = window.gapi || {})
  gapi.iframes = {
    Iframe: Iframe,
    CROSS_ORIGIN_IFRAMES_FILTER: function () {
      return true
    },
    getContext: function () {
      return context
    },
  }
  gapi.load = function (_features, options) {
    var callback = typeof options === 'function' ? options : options && options.callback
    setTimeout(function () {
      if (callback) callback()
    })
  }

  if (window.parent !== window) {
    // Loaded inside an iframe: talk to the embedding page and tell it this side is up.
    var parentOrigin = (location.ancestorOrigins && location.ancestorOrigins[0]) || '*'
    var channel = new Channel(window.parent, parentOrigin)
    channel.ready = true
    channels.push(channel)
    parentIframe = new Iframe(channel)
    channel.post({ kind: 'hello' })
  }

  // Like api.js: run `?onload=name` (how Firebase loads it) and window.gapi_onload (how the emulator's iframe does).
  var script = document.currentScript
  var onload = script && script.src ? new URL(script.src).searchParams.get('onload') : null
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]()
    if (typeof window.gapi_onload === 'function') window.gapi_onload()
  })
})()
