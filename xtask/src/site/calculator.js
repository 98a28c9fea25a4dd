// The selection calculator: the server's tool-selection rules (server/src/selection.rs),
// applied in the browser to the catalog the generator writes (catalog.js). tests/site.rs runs
// the same cases through both and compares them.
(function (root) {
  "use strict";

  var VARS = { toolsets: "LIBTMUX_TOOLSETS", tools: "LIBTMUX_TOOLS", exclude: "LIBTMUX_EXCLUDE_TOOLS" };

  // A non-empty list: split on commas, trim; an empty element is an error.
  function names(variable, raw) {
    var out = [];
    var parts = raw.split(",");
    for (var i = 0; i < parts.length; i++) {
      var name = parts[i].trim();
      if (name === "") {
        throw { variable: variable, message: variable + " contains an empty name; remove the stray comma (an entirely empty value is allowed)" };
      }
      out.push(name);
    }
    return out;
  }

  function toolList(catalog, variable, raw) {
    if (raw === null || raw === undefined || raw === "") return [];
    var known = catalog.tools.map(function (t) { return t.name; });
    return names(variable, raw).map(function (name) {
      if (known.indexOf(name) < 0) throw { variable: variable, message: variable + " names unknown tool \"" + name + "\"" };
      return name;
    });
  }

  // vars: { LIBTMUX_TOOLSETS, LIBTMUX_TOOLS, LIBTMUX_EXCLUDE_TOOLS: string or null (unset),
  //         retired: names of retired variables that are set }; freshDaemon: boolean.
  function compute(catalog, vars, freshDaemon) {
    try {
      var retired = (vars.retired || []).filter(function (v) { return catalog.retiredVariables.indexOf(v) >= 0; });
      if (retired.length > 0) {
        throw { variable: retired[0], message: retired[0] + " is no longer supported; remove it and choose toolsets with " + VARS.toolsets };
      }
      var chosen = null;
      var raw = vars[VARS.toolsets];
      if (raw !== null && raw !== undefined) {
        chosen = raw === "" ? [] : names(VARS.toolsets, raw).map(function (name) {
          var known = catalog.toolsets.map(function (t) { return t.name; });
          if (known.indexOf(name) < 0) {
            throw { variable: VARS.toolsets, message: VARS.toolsets + " names unknown toolset \"" + name + "\"; expected " + known.join(", ") + " (names are case-sensitive)" };
          }
          return name;
        });
      }
      var include = toolList(catalog, VARS.tools, vars[VARS.tools]);
      var exclude = toolList(catalog, VARS.exclude, vars[VARS.exclude]);
      var toolsets = catalog.toolsets
        .filter(function (t) { return chosen === null ? (freshDaemon || !t.freshDaemonOnly) : chosen.indexOf(t.name) >= 0; })
        .map(function (t) { return t.name; });
      var nested = {};
      var offered = catalog.tools.filter(function (t) {
        if (exclude.indexOf(t.name) >= 0) return false;
        if (toolsets.indexOf(t.toolset) < 0 && include.indexOf(t.name) < 0) return false;
        var authority = t.nestedAuthority.filter(function (n) { return exclude.indexOf(n) < 0; });
        if (t.nestedAuthority.length > 0) {
          if (authority.length === 0) return false;
          nested[t.name] = authority;
        }
        return true;
      }).map(function (t) { return t.name; });
      return { ok: true, toolsets: toolsets, defaulted: chosen === null, offered: offered.sort(), nested: nested };
    } catch (e) {
      if (e && e.variable) return { ok: false, variable: e.variable, error: e.message };
      throw e;
    }
  }

  function render(doc, catalog) {
    var form = doc.getElementById("calculator");
    if (!form) return;
    function field(name) { return doc.getElementById(name); }
    function value(name) { return field(name + "-unset").checked ? null : field(name).value; }
    function show() {
      var retired = [];
      catalog.retiredVariables.forEach(function (v) { if (field("retired-" + v).checked) retired.push(v); });
      var vars = { retired: retired };
      vars[VARS.toolsets] = value("toolsets");
      vars[VARS.tools] = value("tools");
      vars[VARS.exclude] = value("exclude");
      var result = compute(catalog, vars, field("fresh").checked);
      var out = field("result");
      if (!result.ok) {
        out.innerHTML = "";
        var p = doc.createElement("p");
        p.id = "startup-error";
        p.textContent = "Startup fails: tmux-mcp: " + result.error;
        out.appendChild(p);
        return;
      }
      out.innerHTML = "";
      var head = doc.createElement("p");
      head.id = "summary";
      head.textContent = result.offered.length + " tools offered; toolsets: " + (result.toolsets.join(", ") || "none") + (result.defaulted ? " (defaults)" : "");
      out.appendChild(head);
      var list = doc.createElement("ul");
      list.id = "offered";
      result.offered.forEach(function (name) {
        var li = doc.createElement("li");
        var a = doc.createElement("a");
        a.href = "tools/" + name + ".html";
        a.textContent = name;
        li.appendChild(a);
        list.appendChild(li);
      });
      out.appendChild(list);
      Object.keys(result.nested).forEach(function (batch) {
        var p = doc.createElement("p");
        p.className = "nested";
        p.textContent = batch + " may call: " + result.nested[batch].join(", ");
        out.appendChild(p);
      });
    }
    // Values may come in the address: ?toolsets=...&tools=...&exclude=...&fresh=1
    var query = new URLSearchParams(root.location ? root.location.search : "");
    ["toolsets", "tools", "exclude"].forEach(function (name) {
      if (query.has(name)) { field(name).value = query.get(name); field(name + "-unset").checked = false; }
    });
    if (query.has("fresh")) field("fresh").checked = query.get("fresh") === "1";
    catalog.retiredVariables.forEach(function (v) { if (query.has(v)) field("retired-" + v).checked = true; });
    form.addEventListener("input", show);
    show();
  }

  if (typeof module !== "undefined" && module.exports) {
    module.exports = { compute: compute };
  } else {
    root.TmuxMcpCalculator = { compute: compute };
    root.addEventListener("DOMContentLoaded", function () { render(root.document, root.TMUX_MCP_CATALOG); });
  }
})(typeof window !== "undefined" ? window : this);
