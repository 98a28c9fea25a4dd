//! The Rust code `tools!` expands to, rendered from a checked [`Catalog`].
//!
//! Emitted items: `ErrorKind` and `ToolError`; a module per tool with its `Args` and `Output`
//! types; `types` for named shapes; `ToolId`; the static `TOOLS` and `TOOLSETS` registries; the
//! `Service`, `Handlers` and each tool's `Handle` trait; and `dispatch`.
//! Generated code names only `::tmux_mcp_runtime`, so a crate using the macro needs no other
//! dependency for it.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};
use serde_json::Value;

use tmux_mcp_runtime as rt;

use crate::model::{Kind, Manifest, Node, TargetKind, Tool, spelled};
use crate::{Catalog, schema};

/// Renders everything; `source` is the absolute path of the YAML, included so that cargo
/// rebuilds when it changes.
pub fn generate(cat: &Catalog, source: &str) -> TokenStream {
    let m = &cat.manifest;
    let tools = cat.tools();
    let errors = error_kinds(cat);
    let types = named_types(cat);
    let modules = tools.iter().map(|t| tool_module(cat, t));
    let ids: Vec<Ident> = tools.iter().map(|t| pascal(&t.name)).collect();
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_str()).collect();
    let count = tools.len();
    let descriptors = tools.iter().map(|t| descriptor(cat, t));
    let toolsets = m.toolsets.iter().map(|ts| {
        let (name, title, description) = (&ts.name, &ts.title, &ts.description);
        let fresh = ts.enabled == crate::model::DefaultEnabled::FreshDaemon;
        quote! {
            rt::ToolsetDescriptor { name: #name, title: #title, description: #description, fresh_daemon_only: #fresh }
        }
    });
    let toolset_count = m.toolsets.len();
    let routing: Vec<TokenStream> = m
        .routing
        .iter()
        .map(|node| {
            let name = node.name.as_deref().unwrap_or_default();
            let schema = crate::schema::argument_schema(m, node).to_string();
            quote!((#name, #schema))
        })
        .collect();
    let routing_count = routing.len();
    let named_rows = crate::schema::named_batch_rows().to_string();
    let handles: Vec<TokenStream> = tools
        .iter()
        .map(|t| {
            let module = ident(&t.name);
            quote!(#module::Handle)
        })
        .collect();
    let checks = tools.iter().map(|t| {
        let id = pascal(&t.name);
        let module = ident(&t.name);
        quote! { ToolId::#id => decode::<#module::Args>(tool, arguments).map(|_| ()), }
    });
    let counts = tools.iter().filter_map(|t| {
        let id = pascal(&t.name);
        let name = t
            .output
            .iter()
            .find(|f| m.resolve(f).masked_count)?
            .name
            .as_deref()?;
        Some(quote! { ToolId::#id => output.get(#name).and_then(rt::serde_json::Value::as_i64), })
    });
    let arms = tools.iter().map(|t| {
        let id = pascal(&t.name);
        let method = ident(&t.name);
        let module = ident(&t.name);
        // The output field the manifest marks as the masked count, read typed.
        let masked = t
            .output
            .iter()
            .find(|f| m.resolve(f).masked_count)
            .and_then(|f| f.name.as_deref())
            .map_or_else(|| quote!(None), |name| {
                let field = ident(name);
                quote!(Some(out.#field))
            });
        quote! {
            ToolId::#id => {
                let out = <H as #module::Handle>::#method(handlers, cx, decode::<#module::Args>(tool, arguments)?).await?;
                Ok(Dispatched { masked: #masked, output: rt::IntoJson::into_json(out) })
            }
        }
    });

    quote! {
        #[doc(hidden)]
        const _: &[u8] = include_bytes!(#source);

        use ::tmux_mcp_runtime as rt;

        #errors

        /// Named shapes from the manifest's `types`.
        pub mod types {
            #[allow(unused_imports)]
            use ::tmux_mcp_runtime as rt;
            #(#types)*
        }

        #(#modules)*

        /// A tool of the catalog, in name order.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum ToolId { #(#ids),* }

        impl ToolId {
            pub const COUNT: usize = #count;
            pub const ALL: [ToolId; #count] = [#(ToolId::#ids),*];
            const NAMES: [&'static str; #count] = [#(#names),*];

            pub fn name(self) -> &'static str {
                Self::NAMES[self as usize]
            }

            pub fn index(self) -> usize {
                self as usize
            }

            pub fn descriptor(self) -> &'static rt::ToolDescriptor {
                &TOOLS[self as usize]
            }

            /// Exact, case-sensitive lookup.
            pub fn from_name(name: &str) -> ::core::option::Option<ToolId> {
                Self::NAMES.binary_search(&name).ok().map(|i| Self::ALL[i])
            }
        }

        /// Every tool, indexed by `ToolId`.
        pub static TOOLS: [rt::ToolDescriptor; #count] = [#(#descriptors),*];

        /// Every toolset, in manifest order.
        pub static TOOLSETS: [rt::ToolsetDescriptor; #toolset_count] = [#(#toolsets),*];

        /// The manifest's routing arguments, which every tool takes: name and JSON Schema.
        pub const ROUTING: [(&str, &str); #routing_count] = [#(#routing),*];

        /// A batch's one row alternative for its nested tools offered directly too; the
        /// server fills in the names (`properties.tool.enum`).
        pub const NAMED_BATCH_ROWS: &str = #named_rows;

        /// A set of tool implementations: what it hands every handler. Each tool's handler is
        /// its module's `Handle` trait, implemented beside the code it calls.
        pub trait Service: Sync {
            /// Per-call state handed to every handler.
            type Context: Sync;
        }

        /// A service with a handler for every tool: `dispatch` takes nothing less, so a tool
        /// without a handler does not compile.
        pub trait Handlers: Service #(+ #handles)* {}

        impl<T: Service #(+ #handles)*> Handlers for T {}

        /// The schema `tool`'s arguments are validated against, parsed once.
        pub fn validation_schema(tool: ToolId) -> &'static rt::serde_json::Value {
            static SCHEMAS: ::std::sync::OnceLock<::std::vec::Vec<rt::serde_json::Value>> = ::std::sync::OnceLock::new();
            &SCHEMAS.get_or_init(|| {
                TOOLS.iter().map(|t| rt::serde_json::from_str(t.validation_schema).expect("read back when the tools! macro expanded")).collect()
            })[tool as usize]
        }

        /// A tool's arguments checked against its validation schema, defaults filled in: what
        /// a write scope reads and [`dispatch`] decodes. Only [`validate`] makes one, so no
        /// call's arguments are validated twice.
        #[derive(Debug)]
        pub struct Validated {
            tool: ToolId,
            arguments: rt::serde_json::Value,
        }

        impl Validated {
            pub fn tool(&self) -> ToolId {
                self.tool
            }

            pub fn arguments(&self) -> &rt::serde_json::Value {
                &self.arguments
            }

            /// The objects the call names, target by target as the manifest declares them.
            pub fn targets(&self) -> impl Iterator<Item = (&'static rt::Target, Vec<&str>)> + '_ {
                self.tool.descriptor().targets.iter().map(|t| (t, t.values(&self.arguments)))
            }
        }

        /// Validates `arguments` against `tool`'s schema, filling defaults; a failure names
        /// every argument that breaks it.
        pub fn validate(tool: ToolId, arguments: rt::serde_json::Value) -> ::core::result::Result<Validated, ToolError> {
            let mut arguments = arguments;
            rt::validate(validation_schema(tool), &mut arguments).map_err(|v| ToolError::invalid_arguments(tool, &v))?;
            Ok(Validated { tool, arguments })
        }

        /// Decodes validated arguments into the tool's `Args`.
        fn decode<T: rt::serde::de::DeserializeOwned>(tool: ToolId, arguments: rt::serde_json::Value) -> ::core::result::Result<T, ToolError> {
            rt::serde_json::from_value(arguments).map_err(|e| ToolError::invalid_arguments(tool, &e))
        }

        /// What [`dispatch`] does before running the handler, and nothing else: validate and
        /// decode (that what validation accepts always decodes is a property the tests hold).
        pub fn check_arguments(tool: ToolId, arguments: rt::serde_json::Value) -> ::core::result::Result<(), ToolError> {
            let Validated { tool, arguments } = validate(tool, arguments)?;
            match tool { #(#checks)* }
        }

        /// What a handler returned, as the caller of [`dispatch`] takes it: the output as
        /// `structuredContent`, and the count of spans it masked when its output has one.
        #[derive(Debug)]
        pub struct Dispatched {
            pub output: rt::serde_json::Value,
            pub masked: ::core::option::Option<i64>,
        }

        /// The count of spans `tool`'s output says it masked, read from its JSON: for an output
        /// made elsewhere (a host's server), where [`Dispatched::masked`] is not at hand.
        pub fn masked_count(tool: ToolId, output: &rt::serde_json::Value) -> ::core::option::Option<i64> {
            match tool {
                #(#counts)*
                #[allow(unreachable_patterns)]
                _ => None,
            }
        }

        /// Decodes validated arguments, runs the tool's handler and encodes its output.
        pub async fn dispatch<H: Handlers>(
            handlers: &H,
            cx: &H::Context,
            call: Validated,
        ) -> ::core::result::Result<Dispatched, ToolError> {
            let Validated { tool, arguments } = call;
            match tool { #(#arms)* }
        }
    }
}

fn error_kinds(cat: &Catalog) -> TokenStream {
    let kinds = &cat.manifest.error_kinds;
    let variants: Vec<Ident> = kinds.iter().map(|k| pascal(&k.name)).collect();
    let names: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
    let docs: Vec<String> = kinds
        .iter()
        .map(|k| format!(" {}", k.description))
        .collect();
    let descriptions: Vec<&str> = kinds.iter().map(|k| k.description.as_str()).collect();
    let retryable: Vec<bool> = kinds.iter().map(|k| k.retryable).collect();
    let count = kinds.len();
    let body_keys = crate::TOOL_ERROR_FIELDS.map(|(name, _)| name);
    let body_values = crate::TOOL_ERROR_FIELDS.map(|(_, kind)| match kind {
        Kind::String => quote!(self.message),
        Kind::ErrorKind => quote!(self.kind.as_str()),
        Kind::Boolean => quote!(self.kind.retryable()),
        other => unreachable!("no tool_error field is of kind {other:?}"),
    });
    let shape = crate::tool_error_shape();
    let body_doc = format!(" The structured body: `{shape}`.");
    let meta = crate::TOOL_ERROR_META;
    quote! {
        /// The key of a failed call's `_meta` that carries its [`ToolError::body`].
        pub const ERROR_META: &str = #meta;

        /// The failure classes of tool errors.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, rt::serde::Serialize, rt::serde::Deserialize)]
        #[serde(crate = "::tmux_mcp_runtime::serde")]
        pub enum ErrorKind { #(#[doc = #docs] #[serde(rename = #names)] #variants),* }

        impl ErrorKind {
            pub const ALL: [ErrorKind; #count] = [#(ErrorKind::#variants),*];

            pub fn as_str(self) -> &'static str {
                match self { #(ErrorKind::#variants => #names),* }
            }

            pub fn retryable(self) -> bool {
                match self { #(ErrorKind::#variants => #retryable),* }
            }

            pub fn description(self) -> &'static str {
                match self { #(ErrorKind::#variants => #descriptions),* }
            }
        }

        impl rt::IntoJson for ErrorKind {
            fn into_json(self) -> rt::serde_json::Value {
                rt::serde_json::Value::from(self.as_str())
            }
        }

        /// The body a failing tool returns, as text (for the server's instructions).
        pub const TOOL_ERROR_SHAPE: &str = #shape;

        /// A failure a tool reports in its result (`isError: true`), not as a protocol error.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct ToolError {
            pub kind: ErrorKind,
            pub message: ::std::string::String,
        }

        impl ToolError {
            pub fn new(kind: ErrorKind, message: impl ::core::convert::Into<::std::string::String>) -> Self {
                ToolError { kind, message: message.into() }
            }

            fn invalid_arguments(tool: ToolId, why: &dyn ::core::fmt::Display) -> Self {
                ToolError::new(ErrorKind::InvalidInput, format!("invalid arguments for {}: {why}", tool.name()))
            }

            #[doc = #body_doc]
            pub fn body(&self) -> rt::serde_json::Value {
                rt::serde_json::json!({ #(#body_keys: #body_values),* })
            }
        }

        impl ::core::fmt::Display for ToolError {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                write!(f, "{} ({})", self.message, self.kind.as_str())
            }
        }

        impl ::std::error::Error for ToolError {}
    }
}

fn named_types(cat: &Catalog) -> Vec<TokenStream> {
    let mut out = Vec::new();
    for (name, node) in &cat.manifest.types {
        let ty = pascal(name);
        if let Some(c) = node.clamp {
            let constant = format_ident!("{}", name.to_uppercase());
            let doc = format!(" What a handler makes of a `{name}` argument.");
            let (default, min, max) = (c.default, c.min, c.max);
            out.push(quote! {
                #[doc = #doc]
                pub const #constant: rt::Clamp = rt::Clamp { default: #default, min: #min, max: #max };
            });
        }
        match node.kind {
            Some(Kind::Object) if node.fields.is_some() => {
                out.push(structure(
                    cat,
                    &ty,
                    node.description.as_deref(),
                    node.fields.as_deref().unwrap_or_default(),
                    Side::Output,
                    &mut Vec::new(),
                ));
            }
            Some(Kind::String) if node.values.is_some() => {
                out.push(enumeration(&ty, node.values.as_deref().unwrap_or_default()));
            }
            _ => {}
        }
    }
    out
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Input,
    Output,
}

fn tool_module(cat: &Catalog, tool: &Tool) -> TokenStream {
    let module = ident(&tool.name);
    let mut extra = Vec::new();
    let args = structure(
        cat,
        &format_ident!("Args"),
        Some(&format!("Arguments of `{}`.", tool.name)),
        &tool.arguments,
        Side::Input,
        &mut extra,
    );
    let output = structure(
        cat,
        &format_ident!("Output"),
        Some(&format!("`structuredContent` of `{}`.", tool.name)),
        &tool.output,
        Side::Output,
        &mut extra,
    );
    let doc = format!(" `{}`: {}", tool.name, tool.title);
    let method = ident(&tool.name);
    let handle_doc = format!(" The handler of `{}`: {}", tool.name, tool.description);
    let missing = format!("`{{Self}}` has no handler for the tool `{}`", tool.name);
    let remedy = format!(
        "implement `{}::Handle` for `{{Self}}`, beside the code the tool calls",
        tool.name
    );
    quote! {
        #[doc = #doc]
        pub mod #module {
            #[allow(unused_imports)]
            use ::tmux_mcp_runtime as rt;
            #args
            #output
            #(#extra)*

            #[doc = #handle_doc]
            #[diagnostic::on_unimplemented(message = #missing, note = #remedy)]
            pub trait Handle: super::Service {
                fn #method<'a>(tools: &'a Self, cx: &'a Self::Context, args: Args)
                    -> impl ::core::future::Future<Output = ::core::result::Result<Output, super::ToolError>> + Send + 'a;
            }
        }
    }
}

fn structure(
    cat: &Catalog,
    name: &Ident,
    doc: Option<&str>,
    fields: &[Node],
    side: Side,
    extra: &mut Vec<TokenStream>,
) -> TokenStream {
    let doc = doc.map(|d| format!(" {d}")).unwrap_or_default();
    let members = fields.iter().filter_map(|f| {
        let wire = f.name.as_deref()?;
        let rust = ident(wire);
        let inner = rust_type(cat, f, &pascal(wire), side, extra);
        let description = format!(" {}", cat.manifest.description(f));
        let optional = match side {
            Side::Input => !f.required && f.default.is_none(),
            Side::Output => f.nullable,
        };
        let (ty, attr) = if optional {
            (
                quote!(::core::option::Option<#inner>),
                quote!(#[serde(default)]),
            )
        } else {
            (inner, quote!())
        };
        Some(quote! { #[doc = #description] #[serde(rename = #wire)] #attr pub #rust: #ty })
    });
    let deny = if side == Side::Input {
        quote!(deny_unknown_fields,)
    } else {
        quote!()
    };
    let into_json = (side == Side::Output).then(|| {
        let wires = fields.iter().filter_map(|f| f.name.as_deref());
        let rusts = wires.clone().map(ident);
        quote! {
            impl rt::IntoJson for #name {
                fn into_json(self) -> rt::serde_json::Value {
                    let mut object = rt::serde_json::Map::new();
                    #(object.insert(#wires.into(), rt::IntoJson::into_json(self.#rusts));)*
                    rt::serde_json::Value::Object(object)
                }
            }
        }
    });
    quote! {
        #[doc = #doc]
        #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
        #[serde(#deny crate = "::tmux_mcp_runtime::serde")]
        pub struct #name { #(#members),* }
        #into_json
    }
}

fn enumeration(name: &Ident, values: &[String]) -> TokenStream {
    let variants: Vec<Ident> = values.iter().map(|v| pascal(v)).collect();
    quote! {
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, rt::serde::Serialize, rt::serde::Deserialize)]
        #[serde(crate = "::tmux_mcp_runtime::serde")]
        pub enum #name { #(#[serde(rename = #values)] #variants),* }

        impl #name {
            pub fn as_str(self) -> &'static str {
                match self { #(#name::#variants => #values),* }
            }
        }

        impl rt::IntoJson for #name {
            fn into_json(self) -> rt::serde_json::Value {
                rt::serde_json::Value::from(self.as_str())
            }
        }
    }
}

/// The Rust type of a node; anonymous enums and objects become items in `extra`, named after
/// `hint` (the field name in PascalCase).
fn rust_type(
    cat: &Catalog,
    node: &Node,
    hint: &Ident,
    side: Side,
    extra: &mut Vec<TokenStream>,
) -> TokenStream {
    if let Some(name) = &node.reference {
        let target = cat.manifest.resolve(node);
        let named = matches!(target.kind, Some(Kind::Object)) && target.fields.is_some()
            || matches!(target.kind, Some(Kind::String)) && target.values.is_some();
        if named {
            let ty = pascal(name);
            return quote!(super::types::#ty);
        }
        return rust_type(cat, target, hint, side, extra);
    }
    match node.kind {
        Some(Kind::String) => match &node.values {
            Some(values) => {
                extra.push(enumeration(hint, values));
                quote!(#hint)
            }
            None => quote!(::std::string::String),
        },
        Some(Kind::Integer) => quote!(i64),
        Some(Kind::Boolean) => quote!(bool),
        Some(Kind::Array) => {
            let item_hint = format_ident!("{}Item", hint);
            let item = match &node.items {
                Some(items) => rust_type(cat, items, &item_hint, side, extra),
                None => quote!(rt::serde_json::Value),
            };
            quote!(::std::vec::Vec<#item>)
        }
        Some(Kind::Object) => match &node.fields {
            Some(fields) => {
                let s = structure(cat, hint, node.description.as_deref(), fields, side, extra);
                extra.push(s);
                quote!(#hint)
            }
            None => quote!(rt::serde_json::Map<::std::string::String, rt::serde_json::Value>),
        },
        Some(Kind::Operation) => quote!(rt::Operation),
        Some(Kind::ErrorKind) => quote!(super::ErrorKind),
        Some(Kind::Any) | None => quote!(rt::serde_json::Value),
    }
}

fn descriptor(cat: &Catalog, tool: &Tool) -> TokenStream {
    let m = &cat.manifest;
    let nestable = cat.nestable();
    let alternatives: Vec<Value> = tool
        .capability
        .nested_authority
        .iter()
        .filter_map(|n| m.tools.iter().find(|t| &t.name == n))
        .map(|t| schema::batch_alternative(m, t))
        .collect();
    let input = read_back(
        tool,
        "input schema",
        schema::input_schema(m, tool, &alternatives),
    );
    let validation = read_back(
        tool,
        "validation schema",
        schema::validation_schema(m, tool),
    );
    let output = read_back(tool, "output schema", schema::output_schema(m, tool));
    let alternative = if nestable.contains(&tool.name.as_str()) {
        let s = read_back(
            tool,
            "batch alternative",
            schema::batch_alternative(m, tool),
        );
        quote!(Some(#s))
    } else {
        quote!(None)
    };
    let pointer = match schema::operation_pointer(m, tool) {
        Some(p) => quote!(Some(#p)),
        None => quote!(None),
    };
    let cap = &tool.capability;
    let a = &tool.annotations;
    let (name, title, description, toolset) =
        (&tool.name, &tool.title, &tool.description, &tool.toolset);
    let (ro, de, id, ow) = (
        a.read_only_hint,
        a.destructive_hint,
        a.idempotent_hint,
        a.open_world_hint,
    );
    let record = rt::Record {
        toolset: tool.toolset.clone(),
        process_reach: spelled(&cap.process_reach),
        tmux_effects: cap.tmux_effects.iter().map(spelled).collect(),
        output_classes: cap.output_classes.iter().map(spelled).collect(),
        may_expose_secrets: cap.may_expose_secrets,
        may_return_untrusted_content: cap.may_return_untrusted_content,
        input_literalization: cap
            .input_literalization
            .iter()
            .map(|(k, v)| (k.clone(), spelled(v)))
            .collect(),
        nested_authority: cap.nested_authority.clone(),
        amplifies_future_input: cap.amplifies_future_input,
        secret_masking: None,
        write_scope: None,
    };
    // The server reads the record back as this same type; what does not is a defect of this
    // generator, stopped here rather than read as an empty record.
    let record = serde_json::to_string(&record)
        .ok()
        .filter(|text| serde_json::from_str::<rt::Record>(text).is_ok_and(|back| back == record))
        .unwrap_or_else(|| {
            panic!(
                "tools!: the capability record of `{}` does not read back",
                tool.name
            )
        });
    let nested = &cap.nested_authority;
    let always_load = tool.meta.always_load;
    let arguments = tool.arguments.iter().filter_map(|a| a.name.as_deref());
    let mut found = Vec::new();
    targets(m, &tool.arguments, &mut Vec::new(), true, &mut found);
    let targets = found.iter().map(|(path, kind, required)| {
        let kind = format_ident!("{}", pascal(&spelled(kind)).to_string());
        quote!(rt::Target { path: &[#(#path),*], kind: rt::TargetKind::#kind, required: #required })
    });
    quote! {
        rt::ToolDescriptor {
            name: #name,
            title: #title,
            description: #description,
            toolset: #toolset,
            annotations: rt::Annotations {
                read_only_hint: #ro,
                destructive_hint: #de,
                idempotent_hint: #id,
                open_world_hint: #ow,
            },
            record: #record,
            nested_authority: &[#(#nested),*],
            always_load: #always_load,
            input_schema: #input,
            validation_schema: #validation,
            output_schema: #output,
            batch_alternative: #alternative,
            operation_pointer: #pointer,
            arguments: &[#(#arguments),*],
            targets: &[#(#targets),*],
        }
    }
}

/// `schema` as the text the descriptor carries, checked to read back as the JSON object the
/// server parses it into: a schema that did not would make the validator accept anything, so a
/// generator defect stops the build here.
fn read_back(tool: &Tool, what: &str, schema: Value) -> String {
    let text = schema.to_string();
    match serde_json::from_str::<Value>(&text) {
        Ok(back) if back.is_object() && back == schema => text,
        _ => panic!(
            "tools!: the {what} of `{}` does not read back as a JSON object",
            tool.name
        ),
    }
}

/// The arguments under `fields` (reached by `path`) whose type names a tmux object, with
/// whether the caller must give each; array items are searched as one row, and a list of ids
/// is a target.
fn targets(
    m: &Manifest,
    fields: &[Node],
    path: &mut Vec<String>,
    required: bool,
    found: &mut Vec<(Vec<String>, TargetKind, bool)>,
) {
    for field in fields {
        let Some(name) = &field.name else { continue };
        path.push(name.clone());
        let node = m.resolve(field);
        let required = required && field.required;
        if let Some(kind) = node.target.or(field.target) {
            found.push((path.clone(), kind, required));
        }
        let row = node.items.as_deref().map(|items| m.resolve(items));
        // A list of ids names each.
        if let Some(kind) = row.and_then(|r| r.target) {
            found.push((path.clone(), kind, required));
        }
        if let Some(inner) = row.and_then(|r| r.fields.as_deref()) {
            targets(m, inner, path, required, found);
        }
        path.pop();
    }
}

fn pascal(name: &str) -> Ident {
    let mut out = String::new();
    let mut upper = true;
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            if upper {
                out.push(c.to_ascii_uppercase());
            } else {
                out.push(c);
            }
            upper = false;
        } else {
            upper = true;
        }
    }
    if !out.starts_with(|c: char| c.is_ascii_alphabetic()) {
        out.insert(0, 'V');
    }
    Ident::new(&out, Span::call_site())
}

fn ident(name: &str) -> Ident {
    const KEYWORDS: &[&str] = &[
        "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn",
        "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref",
        "return", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where",
        "while", "async", "await", "dyn", "abstract", "become", "box", "do", "final", "macro",
        "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "gen",
    ];
    if KEYWORDS.contains(&name) {
        Ident::new_raw(name, Span::call_site())
    } else {
        Ident::new(name, Span::call_site())
    }
}
