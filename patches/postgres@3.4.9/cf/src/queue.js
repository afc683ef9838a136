export default Queue

// Patched by Closia (patches/postgres@3.4.9, applied by scripts/patch-dependencies.mjs).
// Upstream keeps consumed slots at the front of `xs` until the queue fully drains, and
// `remove()` scanned from slot 0: a pool that never drains (steady load) grew the array
// without bound and every `remove()` got slower. Here `remove()` scans only the live
// slots, and `shift()`/`remove()` drop the consumed prefix (amortised O(1)).
const COMPACT_AT = 1024

function Queue(initial = []) {
  let xs = initial.slice()
  let index = 0

  return {
    get length() {
      return xs.length - index
    },
    remove: (x) => {
      const at = xs.indexOf(x, index)
      if (at === -1)
        return null

      xs.splice(at, 1)
      index === xs.length && reset()
      return x
    },
    push: (x) => (xs.push(x), x),
    shift: () => {
      if (index === xs.length)
        return undefined

      const out = xs[index++]

      if (index === xs.length) {
        reset()
      } else {
        xs[index - 1] = undefined
        // Compact once the consumed prefix is at least as long as the live part: the copy
        // costs no more than the shifts made since the last one.
        index >= COMPACT_AT && index * 2 >= xs.length && (xs = xs.slice(index), index = 0)
      }

      return out
    }
  }

  function reset() {
    index = 0
    xs = []
  }
}
